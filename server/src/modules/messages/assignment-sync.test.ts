/**
 * Assignment and status as offline mutations (docs/offline-sync.md#rule-3, #rule-6): applied exactly once however
 * often the outbox resends them, and two members assigning one conversation offline never lose a choice silently:
 * the later push keeps the first one's assignee and answers `conflict` with both values.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { conversationsResponseSchema } from '@shared/messages/schemas.ts';
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
  agent = await joinedMember(bed.server, owner.auth.token, 'agent');
  const ana = bed.emulator.control.createUser({ first_name: 'Ana' });
  bed.emulator.control.sendPrivateMessage({ from: ana.id, bot: owner.token, text: 'Oi' });
  contactId = await eventually('the conversation', async () => (await conversation())?.contactId);
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

async function conversation() {
  const response = await bed.server.api('/api/messages/conversations', { token: owner.auth.token });
  return conversationsResponseSchema.parse(await response.json()).data.conversations[0];
}
const eventCount = async () =>
  (await bed.server.db.sql<{ n: number }[]>`select count(*)::int as n from conversation_events where contact_id = ${contactId}`)[0]?.n;

describe('assignment offline', () => {
  test('an assignment and a status change pushed three times are written once, as the pushing member', async () => {
    const phone = syncClient(bed.server, agent.token);
    await phone.pullAll();
    const mutations = [
      phone.edit('conversation.assign', { contactId, assigneeId: agent.userId }, { assigneeId: agent.userId }),
      phone.edit('conversation.setStatus', { contactId, status: 'PENDING' }, { status: 'PENDING' }),
    ];
    const answers = await Promise.all([phone.push(mutations), phone.push(mutations)]);
    const again = await phone.push(mutations);
    expect([...answers, again].flatMap((answer) => answer.results.map((result) => result.status)).filter((status) => status === 'applied')).toHaveLength(2);
    expect(await conversation()).toMatchObject({ assigneeId: agent.userId, status: 'PENDING' });
    const rows = await bed.server.db.sql<{ kind: string; actorId: string }[]>`
      select kind, actor_id as "actorId" from conversation_events where contact_id = ${contactId} order by id`;
    expect([...rows]).toEqual([{ kind: 'assigned', actorId: agent.userId }, { kind: 'status', actorId: agent.userId }]);
    // The other devices see it in their next pull, in the cached row's shape.
    const laptop = syncClient(bed.server, owner.auth.token);
    await laptop.pullAll();
    expect(laptop.local.get('conversations')?.get(contactId)).toMatchObject({ assigneeId: agent.userId, status: 'PENDING' });
  });

  test('two members assign it offline: the later push keeps the first choice and answers conflict, every resend too', async () => {
    const ownerPhone = syncClient(bed.server, owner.auth.token);
    const agentPhone = syncClient(bed.server, agent.token);
    await Promise.all([ownerPhone.pullAll(), agentPhone.pullAll()]);
    // Both offline: each assigns on what it pulled.
    const mine = agentPhone.edit('conversation.assign', { contactId, assigneeId: null }, { assigneeId: null });
    const theirs = ownerPhone.edit('conversation.assign', { contactId, assigneeId: owner.account.user.id }, { assigneeId: owner.account.user.id });
    expect((await agentPhone.push([mine])).results[0]?.status).toBe('applied');
    const before = await eventCount();
    const lost = await ownerPhone.push([theirs]);
    expect(lost.results[0]).toMatchObject({
      status: 'conflict',
      conflicts: [{ field: 'assigneeId', mine: owner.account.user.id, server: null, changedAt: expect.any(String), byOtherDevice: true }],
    });
    expect((await ownerPhone.push([theirs])).results[0]).toMatchObject({ status: 'conflict', code: 'SYNC_CONFLICT', conflicts: [{ field: 'assigneeId', server: null }] });
    expect(await conversation()).toMatchObject({ assigneeId: null });
    expect(await eventCount()).toBe(before);
    // Seen the first choice, the owner may assign again: no conflict.
    await ownerPhone.pullAll();
    const retry = ownerPhone.edit('conversation.assign', { contactId, assigneeId: owner.account.user.id }, { assigneeId: owner.account.user.id });
    expect((await ownerPhone.push([retry])).results[0]?.status).toBe('applied');
    expect(await conversation()).toMatchObject({ assigneeId: owner.account.user.id });
  });

  test('an assignee outside the workspace is refused visibly, and the id still advances', async () => {
    const phone = syncClient(bed.server, agent.token);
    const outsider = crypto.randomUUID();
    const answer = await phone.push([phone.envelope('conversation.assign', { contactId, assigneeId: outsider })]);
    expect(answer.results[0]).toMatchObject({ status: 'failed', code: 'ASSIGNEE_NOT_MEMBER', message: 'O responsável precisa ser membro desta equipe.' });
    expect(answer.lastMutationId).toBe(1);
  });
});
