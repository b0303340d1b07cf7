/**
 * Web push in a team (docs/decisions.md#web-push): assigning a conversation pushes to the assignee's browsers only
 * (never to who assigned it to themselves); from then on the contact's messages push to the assignee only; an
 * unassigned conversation pushes to every member, as before teams. Presence is the member's own: a conversation open on
 * one member's screen silences that member's pushes only. Through the emulator, the real server, the job
 * worker and a fake push service on loopback that checks the VAPID signature and decrypts.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { pushMessageSchema } from '@shared/push/schemas.ts';
import { startFakePushService, type FakePushService, type FakeSubscription } from '../../test-support/fake-push-service.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { joinedMember } from '../../test-support/team-member.ts';
import { eventually, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

setDefaultTimeout(30_000);

const WINDOW_MS = 300;
let bed: TelegramTestbed;
let fake: FakePushService;
let owner: Awaited<ReturnType<typeof registeredBot>>;
let agent: Awaited<ReturnType<typeof joinedMember>>;
let ownerPhone: FakeSubscription;
let agentPhone: FakeSubscription;
let ana: { id: number };
let contactId: string;

beforeAll(async () => {
  fake = await startFakePushService();
  bed = await startTelegramTestbed({ rateLimits: false }, { env: { PUSH_ALLOW_LOOPBACK: '1', PUSH_SUBJECT: 'mailto:ops@canalize.test' }, pushCoalesceMs: WINDOW_MS });
  owner = await registeredBot(bed);
  agent = await joinedMember(bed.server, owner.auth.token, 'agent');
  ownerPhone = fake.subscribe();
  agentPhone = fake.subscribe();
  expect((await bed.server.api('/api/push/subscriptions', { token: owner.auth.token, json: ownerPhone })).status).toBe(201);
  expect((await bed.server.api('/api/push/subscriptions', { token: agent.token, json: agentPhone })).status).toBe(201);
  ana = bed.emulator.control.createUser({ first_name: 'Ana', last_name: 'Souza' });
}, SERVER_START_TIMEOUT_MS);
afterAll(async () => {
  await bed.stop();
  fake.stop();
});

const write = (text: string) => bed.emulator.control.sendPrivateMessage({ from: ana.id, bot: owner.token, text });
const assign = (token: string, assigneeId: string | null) =>
  bed.server.api(`/api/messages/conversations/${contactId}`, { method: 'PATCH', token, json: { assigneeId } });
/** Every push.send job settled: waiting on them tells "nothing was sent" from "not yet". */
const settled = () =>
  eventually('push.send jobs settled', async () => {
    const [row] = await bed.server.db.sql<{ open: number }[]>`select count(*)::int as open from jobs where kind = 'push.send' and status not in ('done', 'dead')`;
    return row?.open === 0;
  }, 10_000);
/** A tab of `token`'s member showing the conversation (`null`: showing none); answers the tab to close it with. */
async function show(token: string, shown: string | null, tabId: string = crypto.randomUUID()) {
  expect((await bed.server.api('/api/push/presence', { method: 'PUT', token, json: { tabId, contactId: shown } })).status).toBe(200);
  return tabId;
}
const pushJobs = async () => (await bed.server.db.sql<{ n: number }[]>`select count(*)::int as n from jobs where kind = 'push.send'`)[0]?.n ?? 0;
/** The contact writes and the push jobs of the message are queued (settled() then waits on them, sent or skipped). */
async function writeQueued(text: string) {
  const before = await pushJobs();
  write(text);
  await eventually('the push jobs queued', async () => (await pushJobs()) > before);
}
const titles = (phone: FakeSubscription) => fake.to(phone).map((push) => pushMessageSchema.parse(push.payload).title);

describe('web push in a team', () => {
  test('unassigned: a message pushes to every member', async () => {
    write('Oi, quero comprar');
    await eventually('both pushes', () => fake.to(ownerPhone).length > 0 && fake.to(agentPhone).length > 0);
    contactId = (await bed.server.db.sql<{ id: string }[]>`select id from contacts where bot_id = ${owner.bot.id}`)[0]?.id ?? '';
    expect(titles(ownerPhone)).toEqual(['Nova mensagem de Ana Souza']);
    expect(titles(agentPhone)).toEqual(['Nova mensagem de Ana Souza']);
  });

  test('assigned to the agent: the agent alone is told, with the conversation link', async () => {
    expect((await assign(owner.auth.token, agent.userId)).status).toBe(200);
    const pushes = await eventually('the assignment push', () => fake.to(agentPhone).length === 2 && fake.to(agentPhone));
    expect(pushes[1]?.payload).toEqual({
      title: 'Conversa com Ana Souza atribuída a você',
      body: 'Oi, quero comprar',
      url: `/chat?contato=${contactId}`,
      tag: `conversa-${contactId}`,
    });
    await settled();
    expect(titles(ownerPhone)).toHaveLength(1);
  });

  test("then the contact's messages push to the assignee only", async () => {
    write('Alguém aí?');
    await eventually('the assignee is pushed', () => fake.to(agentPhone).length === 3);
    await settled();
    expect(titles(agentPhone).at(-1)).toBe('2 novas mensagens de Ana Souza');
    expect(titles(ownerPhone)).toHaveLength(1);
    expect(fake.rejected).toEqual([]);
  });

  test('assigning to oneself pushes nothing; the owner, now the assignee, alone hears the next message', async () => {
    expect((await assign(owner.auth.token, owner.account.user.id)).status).toBe(200);
    await settled();
    expect(titles(ownerPhone)).toHaveLength(1);
    write('Olá?');
    await eventually('the owner is pushed', () => fake.to(ownerPhone).length === 2);
    await settled();
    expect(titles(agentPhone)).toHaveLength(3);
  });

  test('the owner has the assigned conversation open: the assignee is still pushed', async () => {
    expect((await assign(owner.auth.token, agent.userId)).status).toBe(200);
    await eventually('the assignment push', () => fake.to(agentPhone).length === 4);
    const ownerTab = await show(owner.auth.token, contactId);
    await writeQueued('Vocês entregam amanhã?');
    await eventually('the assignee is pushed', () => fake.to(agentPhone).length === 5);
    await settled();
    expect(fake.to(agentPhone).at(-1)?.payload).toMatchObject({ body: 'Vocês entregam amanhã?' });
    expect(titles(ownerPhone)).toHaveLength(2);
    await show(owner.auth.token, null, ownerTab);
  });

  test('the assignee has it open: nobody is pushed', async () => {
    const agentTab = await show(agent.token, contactId);
    await writeQueued('Estou aguardando');
    await settled();
    expect(titles(agentPhone)).toHaveLength(5);
    expect(titles(ownerPhone)).toHaveLength(2);
    await show(agent.token, null, agentTab);
  });

  test('unassigned, one member has it open: the others are pushed, that member is not', async () => {
    expect((await assign(owner.auth.token, null)).status).toBe(200);
    const agentTab = await show(agent.token, contactId);
    await writeQueued('Oi de novo');
    await eventually('the owner is pushed', () => fake.to(ownerPhone).length === 3);
    await settled();
    expect(fake.to(ownerPhone).at(-1)?.payload).toMatchObject({ body: 'Oi de novo' });
    expect(titles(agentPhone)).toHaveLength(5);
    await show(agent.token, null, agentTab);

    const ownerTab = await show(owner.auth.token, contactId);
    await writeQueued('Alguém me responde?');
    await eventually('the agent is pushed', () => fake.to(agentPhone).length === 6);
    await settled();
    expect(fake.to(agentPhone).at(-1)?.payload).toMatchObject({ body: 'Alguém me responde?' });
    expect(titles(ownerPhone)).toHaveLength(3);
    await show(owner.auth.token, null, ownerTab);
    expect(fake.rejected).toEqual([]);
  });

  test("a tab's heartbeat is its member's own; removing a member forgets theirs", async () => {
    const presence = async () => [...await bed.server.db.sql<{ memberId: string; contactId: string }[]>`
      select member_id as "memberId", contact_id as "contactId" from push_presence where user_id = ${owner.account.user.id} order by member_id`];
    const ownerTab = await show(owner.auth.token, contactId);
    await show(agent.token, crypto.randomUUID(), ownerTab);
    await show(agent.token, null, ownerTab);
    expect(await presence()).toEqual([{ memberId: owner.account.user.id, contactId }]);
    await show(owner.auth.token, null, ownerTab);

    await show(agent.token, contactId);
    expect((await presence()).map((row) => row.memberId)).toEqual([agent.userId]);
    expect((await bed.server.api(`/api/team/members/${agent.userId}`, { method: 'DELETE', token: owner.auth.token })).status).toBe(200);
    expect(await presence()).toEqual([]);
  });
});
