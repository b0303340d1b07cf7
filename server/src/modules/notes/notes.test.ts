/**
 * A team's conversation through the real server and the Bot API emulator: a reply names the member who sent it (REST
 * and the outbox); an internal note is stored once however it is repeated, reaches every member's console live and
 * through the sync pull, never reaches Telegram, and leaves the conversation's last message, unread count and stats
 * alone; another workspace gets 404.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { conversationsResponseSchema, messageResponseSchema, messagesResponseSchema, statsResponseSchema } from '@shared/messages/schemas.ts';
import { NOTE_TEXTS, noteResponseSchema, notesResponseSchema } from '@shared/notes/schemas.ts';
import { openEventStream } from '../../test-support/event-stream.ts';
import { registerUser } from '../../test-support/fixtures.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { syncClient } from '../../test-support/sync-client.ts';
import { joinedMember } from '../../test-support/team-member.ts';
import { eventually, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

setDefaultTimeout(20_000);

let bed: TelegramTestbed;
let owner: Awaited<ReturnType<typeof registeredBot>>;
let agent: Awaited<ReturnType<typeof joinedMember>>;
let contactId: string;

beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await registeredBot(bed);
  agent = await joinedMember(bed.server, owner.auth.token, 'agent', 'Bruna Atendente');
  const user = bed.emulator.control.createUser({ first_name: 'Carla' });
  bed.emulator.control.sendPrivateMessage({ from: user.id, bot: owner.token, text: 'Quero um orçamento' });
  contactId = await eventually('the conversation', async () => {
    const response = await bed.server.api('/api/messages/conversations', { token: owner.auth.token });
    return conversationsResponseSchema.parse(await response.json()).data.conversations[0]?.contactId;
  });
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

const api = (path: string, token: string, init: { json?: unknown; method?: string } = {}) => bed.server.api(path, { token, ...init });
const sentTexts = () => bed.emulator.control.apiCalls({ token: owner.token, method: 'sendMessage' }).map((call) => String(call.params.text));
const conversation = async () => {
  const response = await api('/api/messages/conversations', owner.auth.token);
  return conversationsResponseSchema.parse(await response.json()).data.conversations.find((row) => row.contactId === contactId);
};
const stats = async () => statsResponseSchema.parse(await (await api('/api/messages/stats', owner.auth.token)).json()).data.stats;

describe('who sent each reply', () => {
  test('a reply from the inbox names its member, in the conversation and in the sync pull', async () => {
    const response = await api('/api/messages/send', agent.token, { json: { botId: owner.bot.id, contactId, text: 'Olá Carla, já te ajudo' } });
    expect(response.status).toBe(200);
    const sent = messageResponseSchema.parse(await response.json()).data.message;
    expect(sent).toMatchObject({ memberId: agent.id, memberName: 'Bruna Atendente', source: 'OPERATOR' });

    const viaOutbox = crypto.randomUUID();
    const device = syncClient(bed.server, owner.auth.token);
    await device.push([device.envelope('message.send', { message: { id: viaOutbox, botId: owner.bot.id, contactId, text: 'Do proprietário' } })]);
    await eventually('the outbox reply delivered', () => sentTexts().includes('Do proprietário'));

    const page = await api(`/api/messages/contact/${contactId}`, owner.auth.token);
    const messages = messagesResponseSchema.parse(await page.json()).data.messages;
    expect(messages.find((message) => message.id === sent.id)).toMatchObject({ memberId: agent.id, memberName: 'Bruna Atendente' });
    expect(messages.find((message) => message.id === viaOutbox)).toMatchObject({ memberId: owner.account.user.id, memberName: owner.account.user.name });
    // The contact's own message names nobody.
    expect(messages.find((message) => message.direction === 'INCOMING')).toMatchObject({ memberId: null, memberName: null });

    await device.pullAll();
    expect(device.local.get('messages')?.get(sent.id)).toMatchObject({ memberId: agent.id, memberName: 'Bruna Atendente' });
  });
});

describe('internal notes', () => {
  test("a note is stored once, reaches the other member's console live, never Telegram, and is not a message", async () => {
    const before = { conversation: await conversation(), stats: await stats(), sent: sentTexts().length };
    const stream = await openEventStream(bed.server.url, owner.auth.token);
    await eventually('the ready event', () => stream.events.some((event) => event.event === 'ready'));

    const id = crypto.randomUUID();
    const text = 'Cliente VIP: oferecer frete grátis';
    const device = syncClient(bed.server, agent.token);
    const other = syncClient(bed.server, agent.token);
    const envelope = (client: typeof device) => client.envelope('note.create', { note: { id, contactId, text } });
    const [rest, again, pushA, pushB] = await Promise.all([
      api(`/api/messages/contact/${contactId}/notes`, agent.token, { json: { id, text } }),
      api(`/api/messages/contact/${contactId}/notes`, agent.token, { json: { id, text } }),
      device.push([envelope(device)]),
      other.push([envelope(other)]),
    ]);
    expect([rest.status, again.status, pushA.results[0]?.status, pushB.results[0]?.status]).toEqual([200, 200, 'applied', 'applied']);
    expect(noteResponseSchema.parse(await rest.json()).data.note).toMatchObject({ id, contactId, text, authorId: agent.id, authorName: 'Bruna Atendente' });
    // A resend of an applied envelope is answered, not run again.
    expect((await device.push([{ ...envelope(device), mutationId: 1 }])).results[0]?.status).toBe('alreadyApplied');

    await eventually('the live event', () => stream.events.find((event) => event.event === 'change' && event.data.contactId === contactId));
    stream.close();
    const listed = notesResponseSchema.parse(await (await api(`/api/messages/contact/${contactId}/notes`, owner.auth.token)).json()).data.notes;
    expect(listed).toEqual([expect.objectContaining({ id, text, authorName: 'Bruna Atendente' })]);
    const [rows] = await bed.server.db.sql<{ n: number }[]>`select count(*)::int as n from conversation_notes where id = ${id}`;
    expect(rows?.n).toBe(1);

    const ownerDevice = syncClient(bed.server, owner.auth.token);
    await ownerDevice.pullAll();
    expect(ownerDevice.local.get('notes')?.get(id)).toMatchObject({ text, authorId: agent.id });
    expect([...(ownerDevice.local.get('messages')?.values() ?? [])]).not.toContainEqual(expect.objectContaining({ content: text }));

    await bed.server.server.bots.flush();
    expect(sentTexts()).toHaveLength(before.sent);
    expect(sentTexts()).not.toContain(text);
    const after = await conversation();
    expect(after).toMatchObject({ lastMessageId: before.conversation?.lastMessageId, unreadCount: before.conversation?.unreadCount });
    expect(await stats()).toEqual(before.stats);
  });

  test('a blank or too long note is refused in pt-BR', async () => {
    const blank = await api(`/api/messages/contact/${contactId}/notes`, agent.token, { json: { text: '   ' } });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain(NOTE_TEXTS.blank);
    const long = await api(`/api/messages/contact/${contactId}/notes`, agent.token, { json: { text: 'a'.repeat(4097) } });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain(NOTE_TEXTS.tooLong);
  });

  test("another workspace's contact is a 404, its note id unusable", async () => {
    const stranger = await registerUser(bed.server, 'Estranho');
    const token = stranger.tokens.accessToken;
    expect((await api(`/api/messages/contact/${contactId}/notes`, token)).status).toBe(404);
    expect((await api(`/api/messages/contact/${contactId}/notes`, token, { json: { text: 'Invadido' } })).status).toBe(404);
    const device = syncClient(bed.server, token);
    const [result] = (await device.push([device.envelope('note.create', { note: { id: crypto.randomUUID(), contactId, text: 'Invadido' } })])).results;
    expect(result).toMatchObject({ status: 'failed', code: 'NOT_FOUND' });
    const [rows] = await bed.server.db.sql<{ n: number }[]>`select count(*)::int as n from conversation_notes where text = 'Invadido'`;
    expect(rows?.n).toBe(0);
  });
});
