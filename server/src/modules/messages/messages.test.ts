/**
 * The inbox through the real server and the Bot API emulator (docs/product.md#api-messages,
 * docs/decisions.md#p-inbox): a user writes → a conversation with one unread and a live event → a reply reaches
 * Telegram exactly once however it is repeated → 403 and 429 → read / read-all → stats → another user's ids 404.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import {
  conversationsResponseSchema,
  messageResponseSchema,
  messagesResponseSchema,
  statsResponseSchema,
} from '@shared/messages/schemas.ts';
import { openEventStream } from '../../test-support/event-stream.ts';
import { registerUser } from '../../test-support/fixtures.ts';
import { syncClient } from '../../test-support/sync-client.ts';
import { eventually, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { DELIVERY_TEXTS } from './delivery-errors.ts';

setDefaultTimeout(20_000);

let bed: TelegramTestbed;
let owner: Awaited<ReturnType<typeof registeredBot>>;

beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await registeredBot(bed);
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

const get = async (path: string, token = owner.auth.token) => bed.server.api(path, { token });
const conversations = async (token = owner.auth.token) =>
  conversationsResponseSchema.parse(await (await get('/api/messages/conversations', token)).json()).data.conversations;
const messagesOf = async (contactId: string) =>
  messagesResponseSchema.parse(await (await get(`/api/messages/contact/${contactId}`)).json()).data.messages;
const sentTo = (chatId: number) => bed.emulator.control.apiCalls({ token: owner.token, method: 'sendMessage' }).filter((call) => Number(call.params.chat_id) === chatId);

/** The live stream of GET /api/events, checked to be one. */
async function openEvents(token: string) {
  const stream = await openEventStream(bed.server.url, token);
  expect(stream.status).toBe(200);
  expect(stream.contentType).toContain('text/event-stream');
  return stream;
}

describe('inbox', () => {
  let user: { id: number };
  let contactId: string;

  test('a user writes: a conversation with one unread message, announced live', async () => {
    const stream = await openEvents(owner.auth.token);
    await eventually('the ready event', () => stream.events.some((e) => e.event === 'ready'));
    user = bed.emulator.control.createUser({ first_name: 'Ana', username: 'ana' });
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: owner.token, text: 'Olá, tudo bem?' });
    const event = await eventually('the live event', () => stream.events.find((e) => e.event === 'change' && e.data.topic === 'messages.changed'));
    stream.close();
    const list = await conversations();
    expect(list).toHaveLength(1);
    const [conversation] = list;
    contactId = conversation?.contactId ?? '';
    expect(event.data.contactId).toBe(contactId);
    expect(conversation).toMatchObject({ unreadCount: 1, chatId: String(user.id), botName: owner.bot.name, lastMessage: { direction: 'INCOMING', content: 'Olá, tudo bem?', type: 'TEXT' } });
    expect(conversation?.contact.firstName).toBe('Ana');
  });

  test('one reply pushed twice concurrently over REST and the outbox reaches Telegram once', async () => {
    const id = crypto.randomUUID();
    const body = { id, botId: owner.bot.id, contactId, chatId: String(user.id), text: '  Oi Ana!  ' };
    const a = syncClient(bed.server, owner.auth.token);
    const b = syncClient(bed.server, owner.auth.token);
    const envelope = (client: typeof a) => client.envelope('message.send', { message: { id, botId: owner.bot.id, contactId, text: 'Oi Ana!' } });
    const [first, second, pushA, pushB] = await Promise.all([
      bed.server.api('/api/messages/send', { json: body, token: owner.auth.token }),
      bed.server.api('/api/messages/send', { json: body, token: owner.auth.token }),
      a.push([envelope(a)]),
      b.push([envelope(b)]),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(pushA.results[0]?.status).toBe('applied');
    expect(pushB.results[0]?.status).toBe('applied');
    // A replay of the same envelope later is answered without effect.
    expect((await a.push([{ ...envelope(a), mutationId: 1 }])).results[0]?.status).toBe('alreadyApplied');
    await eventually('the reply recorded as sent', async () => (await messagesOf(contactId)).find((m) => m.id === id)?.status === 'SENT');
    expect(sentTo(user.id)).toHaveLength(1);
    expect(sentTo(user.id)[0]?.params.text).toBe('Oi Ana!');
    const [conversation] = await conversations();
    expect(conversation?.lastMessage).toMatchObject({ direction: 'OUTGOING', content: 'Oi Ana!', status: 'SENT' });
    // The offline cache gets the reply and the conversation through the sync pull.
    await a.pullAll();
    expect(a.local.get('messages')?.get(id)).toMatchObject({ status: 'SENT', content: 'Oi Ana!' });
    expect(a.local.get('conversations')?.get(contactId)).toMatchObject({ lastMessageId: id });
  });

  test('a 429 is waited out and sent once', async () => {
    bed.emulator.control.injectFailure({ token: owner.token, method: 'sendMessage', errorCode: 429, description: 'Too Many Requests: retry after 1', retryAfter: 1 });
    const before = sentTo(user.id).length;
    const response = await bed.server.api('/api/messages/send', { json: { id: crypto.randomUUID(), botId: owner.bot.id, contactId, text: 'Depois do limite' }, token: owner.auth.token });
    expect(response.status).toBe(200);
    expect(messageResponseSchema.parse(await response.json()).data.message.status).toBe('SENT');
    expect(sentTo(user.id).length).toBe(before + 2);
    expect(bed.emulator.control.sentMessages({ token: owner.token, chatId: user.id }).filter((m) => m.text === 'Depois do limite')).toHaveLength(1);
  }, 15_000);

  test('a blocked bot: a pt-BR error and the reply stored as failed', async () => {
    bed.emulator.control.blockBot({ userId: user.id, bot: owner.token });
    const id = crypto.randomUUID();
    const response = await bed.server.api('/api/messages/send', { json: { id, botId: owner.bot.id, contactId, text: 'Ainda aí?' }, token: owner.auth.token });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ success: false, code: 'MESSAGE_NOT_DELIVERED', message: DELIVERY_TEXTS.blocked });
    expect((await messagesOf(contactId)).find((m) => m.id === id)).toMatchObject({ status: 'FAILED', error: DELIVERY_TEXTS.blocked });
    bed.emulator.control.unblockBot({ userId: user.id, bot: owner.token });
  });

  test('read one message, then read all', async () => {
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: owner.token, text: 'Segunda' });
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: owner.token, text: 'Terceira' });
    await eventually('three unread', async () => (await conversations())[0]?.unreadCount === 3);
    const incoming = (await messagesOf(contactId)).filter((m) => m.direction === 'INCOMING');
    const read = await bed.server.api(`/api/messages/${incoming[0]?.id}/read`, { method: 'PATCH', token: owner.auth.token });
    expect(read.status).toBe(200);
    expect((await conversations())[0]?.unreadCount).toBe(2);
    const all = await bed.server.api(`/api/messages/contact/${contactId}/read-all`, { method: 'PATCH', token: owner.auth.token });
    expect(await all.json()).toEqual({ success: true, data: { updated: 2 } });
    expect((await conversations())[0]?.unreadCount).toBe(0);
  });

  test('stats count sent, received and unread, per bot too', async () => {
    const stats = statsResponseSchema.parse(await (await get(`/api/messages/stats?botId=${owner.bot.id}`)).json()).data.stats;
    // Sent: the reply, the 429 one and the failed one; received: three.
    expect(stats).toEqual({ total: 6, sent: 3, received: 3, unread: 0 });
  });

  test('older messages page back with `before`', async () => {
    const all = await messagesOf(contactId);
    const newest = all.at(-1);
    const page = messagesResponseSchema.parse(await (await get(`/api/messages/contact/${contactId}?limit=2&before=${newest?.id}`)).json()).data;
    expect(page.messages.map((m) => m.id)).toEqual(all.slice(-3, -1).map((m) => m.id));
    expect(page.hasMore).toBe(true);
  });

  test("another user's contact and messages are 404 on every endpoint", async () => {
    const other = await registerUser(bed.server, 'Outra');
    const token = other.tokens.accessToken;
    const messageId = (await messagesOf(contactId))[0]?.id;
    const answers = await Promise.all([
      get(`/api/messages/contact/${contactId}`, token),
      bed.server.api(`/api/messages/${messageId}/read`, { method: 'PATCH', token }),
      bed.server.api(`/api/messages/contact/${contactId}/read-all`, { method: 'PATCH', token }),
      bed.server.api('/api/messages/send', { json: { botId: owner.bot.id, contactId, text: 'invasão' }, token }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    expect(await conversations(token)).toEqual([]);
    const stats = statsResponseSchema.parse(await (await get('/api/messages/stats', token)).json()).data.stats;
    expect(stats).toEqual({ total: 0, sent: 0, received: 0, unread: 0 });
    // The same reply id another user already holds is not theirs to reuse.
    const reused = await bed.server.api('/api/messages/send', { json: { id: messageId, botId: owner.bot.id, contactId, text: 'x' }, token });
    expect(reused.status).toBe(404);
  });

  test('the events stream needs a signed-in user', async () => {
    expect((await fetch(`${bed.server.url}/api/events`)).status).toBe(401);
  });
});
