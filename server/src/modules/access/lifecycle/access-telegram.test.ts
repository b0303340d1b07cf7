/**
 * Paid access in Telegram, through the real server and the Bot API emulator (docs/decisions.md#paid-access): a
 * grant's claim link opened in the bot links the access and DMs single-use invite links; someone else using one is
 * removed and the buyer gets a fresh link; join requests pass only with access; expiry moves through grace to
 * expired and removes the person once (ban, then unban), never an administrator; revocation and refunds remove at
 * once; a renewal before the removal keeps the member; a 429 is retried after retry_after.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { accessMemberListResponseSchema, accessMemberResponseSchema, type AccessMember } from '@shared/access/members.ts';
import { planResponseSchema } from '@shared/access/plans.ts';
import { CLAIM_TEXTS } from '@shared/access/telegram-texts.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { SERVER_START_TIMEOUT_MS } from '../../../test-support/start-test-server.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../../test-support/telegram.ts';
import { endAccess } from '../member-service.ts';
import { lockMember } from '../member-repository.ts';
import { sweepAccesses } from './expiry-sweep.ts';
import { accessRemovalHandler } from './removal-handler.ts';
import { accessRemovalJob } from './removal-job.ts';

let bed: TelegramTestbed;
let owner: Awaited<ReturnType<typeof registeredBot>>;
let vip: Awaited<ReturnType<typeof promotedChat>>;
let gated: Awaited<ReturnType<typeof promotedChat>>;
let planId: string;

beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await registeredBot(bed);
  vip = await promotedChat(bed, owner, { type: 'supergroup', title: 'Grupo VIP' });
  gated = await promotedChat(bed, owner, { type: 'supergroup', title: 'Sala VIP', joinByRequest: true });
  const created = await call('POST', '/access/plans', { name: 'VIP Mensal', botId: owner.bot.id, channelIds: [vip.channel.id, gated.channel.id], durationDays: 30, graceDays: 1 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  planId = planResponseSchema.parse(created.body).data.plan.id;
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

async function call(method: string, path: string, json?: unknown) {
  const response = await bed.server.api(`/api${path}`, { method, token: owner.auth.token, ...(json === undefined ? {} : { json }) });
  return { status: response.status, body: await response.json() };
}

const control = () => bed.emulator.control;
const sql = () => bed.server.db.sql;

async function grant(email: string): Promise<AccessMember> {
  const answer = await call('POST', `/access/plans/${planId}/members`, { email, days: 30 });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return accessMemberResponseSchema.parse(answer.body).data.member;
}

async function member(id: string): Promise<AccessMember> {
  const answer = await call('GET', `/access/plans/${planId}/members?limit=100`);
  const found = accessMemberListResponseSchema.parse(answer.body).data.members.find((item) => item.id === id);
  if (!found) throw new Error(`access ${id} not listed`);
  return found;
}

/** The user sends /start <code> and the bot's answer comes back. */
async function start(userId: number, code: string) {
  const mark = control().mark();
  control().sendPrivateMessage({ from: userId, bot: owner.token, text: `/start ${code}` });
  const sent = await control().waitForSentMessage({ token: owner.token, chatId: userId, since: mark, timeoutMs: 8000 });
  return sent.text ?? '';
}

const linksIn = (text: string) => [...text.matchAll(/https:\/\/t\.me\/\+\S+/g)].map((match) => match[0]);
const codeOf = (access: AccessMember) => new URL(access.claimLink ?? '').searchParams.get('start') ?? '';
const statusIn = (chatId: number, userId: number) => control().chatState(chatId).members.find((item) => item.user.id === userId)?.status;
const adminCalls = (method: string, userId: number) => control().apiCalls({ token: owner.token, method }).filter((entry) => Number(entry.params.user_id) === userId);

/** A buyer who claimed the access and joined the VIP group through the link the bot sent. */
async function joinedBuyer(email: string, name: string) {
  const access = await grant(email);
  const buyer = control().createUser({ first_name: name });
  const reply = await start(buyer.id, codeOf(access));
  const [vipLink] = linksIn(reply);
  if (!vipLink) throw new Error(`no link in ${reply}`);
  control().joinByLink({ userId: buyer.id, inviteLink: vipLink });
  await eventually('the buyer in the group', () => statusIn(vip.chat.id, buyer.id) === 'member');
  // The bot has seen the join (the link is marked used): a change after this cannot race with it.
  await eventually('the join handled', async () => (await sql()`select 1 from access_invite_links where invite_link = ${vipLink} and used_by is not null`).length === 1);
  return { access, buyer, reply };
}

async function expireNow(memberId: string, ago: string) {
  await sql()`update access_members set access_until = now() - ${ago}::interval where id = ${memberId}`;
  await sweepAccesses(sql());
}

describe('claim and single-use links', () => {
  test('the claim link opened in the bot links the access and DMs one single-use link per chat', async () => {
    const { access, buyer, reply } = await joinedBuyer('ana@example.com', 'Ana');
    expect(reply).toContain('Pronto! Seu acesso ao plano "VIP Mensal" está liberado');
    expect(linksIn(reply)).toHaveLength(2);
    const links = control().chatState(vip.chat.id).inviteLinks.filter((link) => link.invite_link === linksIn(reply)[0]);
    expect(links.map((link) => [link.member_limit, link.expire_date !== undefined])).toEqual([[1, true]]);
    const linked = await member(access.id);
    expect({ status: linked.status, telegramId: linked.telegramId, claimLink: linked.claimLink }).toEqual({ status: 'ACTIVE', telegramId: String(buyer.id), claimLink: null });
    expect(linked.contactId).not.toBeNull();
    expect(linked.history.at(-1)).toMatchObject({ status: 'ACTIVE', cause: 'telegram' });

    // The same person again: fresh links, not a refusal; anyone else: not valid, without saying whose it was.
    expect(linksIn(await start(buyer.id, codeOf(access)))).toHaveLength(2);
    const stranger = control().createUser({ first_name: 'Estranho' });
    expect(await start(stranger.id, codeOf(access))).toBe(CLAIM_TEXTS.invalid);
    expect(await start(stranger.id, 'a_codigoquenaoexiste')).toBe(CLAIM_TEXTS.invalid);
  });

  test('an expired claim code says so', async () => {
    const access = await grant('expirado@example.com');
    await sql()`update access_members set claim_expires_at = now() - interval '1 minute' where id = ${access.id}`;
    expect(await start(control().createUser({ first_name: 'Bia' }).id, codeOf(access))).toBe(CLAIM_TEXTS.expired);
  });

  test('someone else joining through a leaked link is removed at once and the buyer gets a fresh link', async () => {
    const access = await grant('caio@example.com');
    const buyer = control().createUser({ first_name: 'Caio' });
    const [leaked] = linksIn(await start(buyer.id, codeOf(access)));
    if (!leaked) throw new Error('no link');
    const thief = control().createUser({ first_name: 'Penetra' });
    const mark = control().mark();
    control().joinByLink({ userId: thief.id, inviteLink: leaked });
    const fresh = await control().waitForSentMessage({ token: owner.token, chatId: buyer.id, since: mark, timeoutMs: 8000 });
    expect(fresh.text).toContain('Alguém tentou entrar em "Grupo VIP" com o seu link de acesso');
    await eventually('the thief out', () => statusIn(vip.chat.id, thief.id) === 'left');
    expect([adminCalls('banChatMember', thief.id).length, adminCalls('unbanChatMember', thief.id).length]).toEqual([1, 1]);
    expect(control().chatState(vip.chat.id).inviteLinks.find((link) => link.invite_link === leaked)?.is_revoked).toBe(true);
    const [next] = linksIn(fresh.text ?? '');
    if (!next) throw new Error('no fresh link');
    control().joinByLink({ userId: buyer.id, inviteLink: next });
    await eventually('the buyer in', () => statusIn(vip.chat.id, buyer.id) === 'member');
    const [decision] = await sql()<{ decision: string }[]>`select decision from access_gate_decisions where telegram_id = ${thief.id}`;
    expect(decision?.decision).toBe('removed');
  });

  test('a join request is approved for a holder of access and declined for anyone else', async () => {
    const { buyer } = await joinedBuyer('duda@example.com', 'Duda');
    control().requestJoin({ userId: buyer.id, chatId: gated.chat.id });
    await eventually('the holder approved', () => statusIn(gated.chat.id, buyer.id) === 'member');
    const stranger = control().createUser({ first_name: 'Visitante' });
    control().requestJoin({ userId: stranger.id, chatId: gated.chat.id });
    await eventually('the stranger declined', () => control().apiCalls({ token: owner.token, method: 'declineChatJoinRequest' }).some((entry) => Number(entry.params.user_id) === stranger.id));
    expect(statusIn(gated.chat.id, stranger.id)).not.toBe('member');
  });
});

describe('lifecycle and removal', () => {
  test('expiry: grace, then expired and removed once (ban, unban); an administrator is never touched', async () => {
    const { access, buyer } = await joinedBuyer('eva@example.com', 'Eva');
    await expireNow(access.id, '1 hour');
    expect((await member(access.id)).status).toBe('GRACE');
    expect(adminCalls('banChatMember', buyer.id)).toHaveLength(0);
    await expireNow(access.id, '2 days');
    await sweepAccesses(sql());
    expect((await member(access.id)).status).toBe('EXPIRED');
    await eventually('the expired buyer out', () => statusIn(vip.chat.id, buyer.id) === 'left');
    await eventually('the removal recorded', async () => (await member(access.id)).history.some((event) => event.cause === 'telegram' && event.detail?.startsWith('Removido')));
    expect([adminCalls('banChatMember', buyer.id).length, adminCalls('unbanChatMember', buyer.id).length]).toEqual([1, 1]);
    const causes = (await member(access.id)).history.map((event) => `${event.status}/${event.cause}`);
    expect(causes).toEqual(expect.arrayContaining(['GRACE/schedule', 'EXPIRED/schedule']));

    // The group's owner holding an access that ends: never banned.
    const admin = await grant('dono@example.com');
    await start(vip.owner.id, codeOf(admin));
    await expireNow(admin.id, '3 days');
    await sweepAccesses(sql());
    await eventually('the admin removal done', async () => (await member(admin.id)).history.some((event) => event.detail?.includes('administrador')));
    expect(adminCalls('banChatMember', vip.owner.id)).toHaveLength(0);
    expect(statusIn(vip.chat.id, vip.owner.id)).toBe('creator');
  });

  test('revocation and a refund remove at once', async () => {
    const revoked = await joinedBuyer('fabi@example.com', 'Fabi');
    expect((await call('POST', `/access/members/${revoked.access.id}/revoke`, { reason: 'fraude' })).status).toBe(200);
    await eventually('the revoked buyer out', () => statusIn(vip.chat.id, revoked.buyer.id) === 'left');

    const refunded = await joinedBuyer('gabi@example.com', 'Gabi');
    const userId = owner.account.user.id;
    await inTransaction(sql(), async (tx) => {
      const row = await lockMember(tx, userId, refunded.access.id);
      if (!row) throw new Error('no access');
      await endAccess(tx, row, 'REFUNDED', { cause: 'webhook', detail: 'Reembolso' });
    });
    await eventually('the refunded buyer out', () => statusIn(vip.chat.id, refunded.buyer.id) === 'left');
    expect(adminCalls('banChatMember', refunded.buyer.id)).toHaveLength(1);
  });

  test('a renewal before the removal runs keeps the member', async () => {
    const { access, buyer } = await joinedBuyer('hugo@example.com', 'Hugo');
    const userId = owner.account.user.id;
    await inTransaction(sql(), async (tx) => {
      const row = await lockMember(tx, userId, access.id);
      if (!row) throw new Error('no access');
      await endAccess(tx, row, 'CANCELED', { cause: 'webhook' }, new Date(Date.now() + 1500));
    });
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
    expect((await call('PATCH', `/access/members/${access.id}`, { accessUntil: later })).status).toBe(200);
    await eventually('the first removal job done', async () => {
      const jobs = await sql()<{ status: string }[]>`select status from jobs where kind = 'access.remove' and payload->>'memberId' = ${access.id} and run_at < now() + interval '1 day'`;
      return jobs.length === 1 && jobs[0]?.status === 'done';
    });
    expect(statusIn(vip.chat.id, buyer.id)).toBe('member');
    expect(adminCalls('banChatMember', buyer.id)).toHaveLength(0);
  });

  test('a 429 on the ban is retried after retry_after', async () => {
    const { access, buyer } = await joinedBuyer('iris@example.com', 'Iris');
    control().injectFailure({ token: owner.token, method: 'banChatMember', errorCode: 429, description: 'Too Many Requests: retry after 1', retryAfter: 1, times: 1 });
    expect((await call('POST', `/access/members/${access.id}/revoke`, {})).status).toBe(200);
    await eventually('the buyer out after the flood wait', () => statusIn(vip.chat.id, buyer.id) === 'left', 15_000);
    expect(adminCalls('banChatMember', buyer.id).map((entry) => entry.errorCode ?? 200)).toEqual([429, 200]);
  });

  test('a removal interrupted after Telegram answered (a crash before its commit) removes once when the job runs again', async () => {
    const { access, buyer } = await joinedBuyer('joao@example.com', 'João');
    const userId = owner.account.user.id;
    // Ended without the service, so no job is queued yet: the interrupted attempt below is the first.
    await sql()`update access_members set status = 'REVOKED' where id = ${access.id}`;
    const handler = accessRemovalHandler({ sql: sql(), runtime: bed.server.server.bots });
    const crashed = { job: { id: crypto.randomUUID(), kind: accessRemovalJob.kind, payload: {}, attempts: 1, maxAttempts: 5, leaseToken: 'x' }, signal: new AbortController().signal, completeWith: () => Promise.reject(new Error('killed')) };
    const interrupted = await handler.run({ memberId: access.id, userId }, crashed).then(() => undefined, (error: unknown) => error);
    expect(interrupted).toEqual(new Error('killed'));
    expect(statusIn(vip.chat.id, buyer.id)).toBe('left');
    await accessRemovalJob.enqueue(sql(), { memberId: access.id, userId }, { scope: `bot:${owner.bot.id}`, tenant: userId, idempotencyKey: `crash:${access.id}` });
    await eventually('the job run again', async () => (await member(access.id)).history.some((event) => event.cause === 'telegram' && event.detail !== null && event.detail.startsWith('Já estava fora')));
    expect([adminCalls('banChatMember', buyer.id).length, adminCalls('unbanChatMember', buyer.id).length]).toEqual([1, 1]);
    expect((await member(access.id)).history.filter((event) => event.cause === 'telegram' && event.status === 'REVOKED')).toHaveLength(1);
  });
});
