/**
 * The dry-run of a plan on a chat that already has members (docs/decisions.md#paid-access), through the real server
 * and the Bot API emulator: activating the plan removes nobody; the plan lists the members the bot saw join who hold
 * no access (not those with access, not those who left); the operator's confirmation removes them once each at the
 * bot's pace, never an administrator; a second confirmation adds nothing; people who join later are listed again,
 * not removed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { accessMemberResponseSchema } from '@shared/access/members.ts';
import { planResponseSchema } from '@shared/access/plans.ts';
import { removeUnpaidResponseSchema, unpaidReportResponseSchema } from '@shared/access/unpaid.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
let owner: Awaited<ReturnType<typeof registeredBot>>;
let group: Awaited<ReturnType<typeof promotedChat>>;

beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await registeredBot(bed);
  group = await promotedChat(bed, owner, { type: 'supergroup', title: 'Grupo antigo' });
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

async function call(method: string, path: string, json?: unknown) {
  const response = await bed.server.api(`/api${path}`, { method, token: owner.auth.token, ...(json === undefined ? {} : { json }) });
  return { status: response.status, body: await response.json() };
}

const control = () => bed.emulator.control;
const sql = () => bed.server.db.sql;
const statusIn = (userId: number) => control().chatState(group.chat.id).members.find((item) => item.user.id === userId)?.status;
const bans = (userId: number) => control().apiCalls({ token: owner.token, method: 'banChatMember' }).filter((entry) => Number(entry.params.user_id) === userId);
const seen = async () => Number((await sql()<{ n: number }[]>`select count(*)::int as n from channel_member_events where chat_id = ${group.chat.id}`)[0]?.n ?? 0);

async function report(planId: string) {
  const answer = await call('GET', `/access/plans/${planId}/unpaid`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return unpaidReportResponseSchema.parse(answer.body).data.report;
}

describe('members without access when a plan starts on an existing group', () => {
  test('listed first, removed only on confirmation, once, never an administrator', async () => {
    const [ana, beto, caio, dani, edu] = ['Ana', 'Beto', 'Caio', 'Dani', 'Edu'].map((name) => control().createUser({ first_name: name }));
    if (!ana || !beto || !caio || !dani || !edu) throw new Error('users');
    for (const user of [ana, beto, caio, dani, edu]) control().joinChat({ userId: user.id, chatId: group.chat.id });
    control().leaveChat({ userId: edu.id, chatId: group.chat.id });
    control().setMemberStatus({ chatId: group.chat.id, userId: caio.id, status: 'administrator' });
    await eventually('the joins seen', async () => (await seen()) >= 6);

    const created = await call('POST', '/access/plans', { name: 'VIP', botId: owner.bot.id, channelIds: [group.channel.id], durationDays: 30, graceDays: 1 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const planId = planResponseSchema.parse(created.body).data.plan.id;
    // Dani bought access: linked to her Telegram account.
    const granted = await call('POST', `/access/plans/${planId}/members`, { email: 'dani@example.com', days: 30 });
    const daniAccess = accessMemberResponseSchema.parse(granted.body).data.member;
    await sql()`update access_members set telegram_id = ${dani.id}, status = 'ACTIVE' where id = ${daniAccess.id}`;

    const before = await report(planId);
    expect(before.total).toBe(3);
    expect(before.chats[0]?.people.map((person) => person.name).sort()).toEqual(['Ana', 'Beto', 'Caio']);
    // Activating the plan removed nobody.
    for (const user of [ana, beto, caio, dani]) expect(bans(user.id)).toHaveLength(0);

    const confirmed = await call('POST', `/access/plans/${planId}/remove-unpaid`, {});
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(removeUnpaidResponseSchema.parse(confirmed.body).data.queued).toBe(3);
    await eventually('the removals done', async () =>
      (await sql()`select 1 from access_unpaid_removals where plan_id = ${planId} and status = 'pending'`).length === 0, 15_000);
    expect([statusIn(ana.id), statusIn(beto.id), statusIn(caio.id), statusIn(dani.id)]).toEqual(['left', 'left', 'administrator', 'member']);
    expect([bans(ana.id).length, bans(beto.id).length, bans(caio.id).length]).toEqual([1, 1, 0]);
    const after = await report(planId);
    expect({ total: after.total, removed: after.chats[0]?.removed, protected: after.chats[0]?.protected }).toEqual({ total: 0, removed: 2, protected: 1 });

    // Confirming again adds nothing; someone joining later is listed, not removed.
    expect(removeUnpaidResponseSchema.parse((await call('POST', `/access/plans/${planId}/remove-unpaid`, {})).body).data.queued).toBe(0);
    const fabio = control().createUser({ first_name: 'Fábio' });
    control().joinChat({ userId: fabio.id, chatId: group.chat.id });
    await eventually('Fábio listed', async () => (await report(planId)).chats[0]?.people.some((person) => person.name === 'Fábio'));
    expect(bans(fabio.id)).toHaveLength(0);
    expect(statusIn(fabio.id)).toBe('member');
  });

  test('another chat or an inactive plan is refused', async () => {
    const created = await call('POST', '/access/plans', { name: 'Pausado', botId: owner.bot.id, channelIds: [group.channel.id], durationDays: 30, graceDays: 1, active: false });
    const planId = planResponseSchema.parse(created.body).data.plan.id;
    expect((await call('POST', `/access/plans/${planId}/remove-unpaid`, {})).status).toBe(409);
    expect((await call('GET', `/access/plans/${crypto.randomUUID()}/unpaid`)).status).toBe(404);
  });
});
