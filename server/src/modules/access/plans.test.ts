/**
 * Access plans and manual accesses over HTTP (docs/product.md#acessos): the contract other systems rely on
 * (absolute webhook URLs, the generic webhook's key to owners only, never a gateway token), a plan
 * refused activation while its bot cannot invite and ban, manual grants with a claim link, extension, revocation,
 * the history of each change with its cause, filters, archiving.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { accessMemberListResponseSchema, accessMemberResponseSchema } from '@shared/access/members.ts';
import { planListResponseSchema, planResponseSchema } from '@shared/access/plans.ts';
import { ACCESS_TEXTS, botLacksRights } from '@shared/access/texts.ts';
import { failureEnvelopeSchema, successEnvelope } from '@shared/api/envelope.ts';
import { auditPageSchema } from '@shared/audit/schemas.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { joinedMember } from '../../test-support/team-member.ts';
import { eventually, listChannels, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
let owner: Awaited<ReturnType<typeof registeredBot>>;
let vipId: string;
let freeId: string;

beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await registeredBot(bed);
  vipId = (await promotedChat(bed, owner, { type: 'supergroup', title: 'Grupo VIP' })).channel.id;
  // A chat where the bot is an administrator that may not ban: not enough for a plan.
  const limited = bed.emulator.control.createChat({ type: 'supergroup', title: 'Grupo sem banir', creatorId: bed.emulator.control.createUser({ first_name: 'Dona' }).id });
  bed.emulator.control.promoteBot({ chatId: limited.id, bot: owner.token, rights: { can_restrict_members: false } });
  freeId = (await eventually('the limited chat', async () => (await listChannels(bed, owner)).find((item) => item.channelName === 'Grupo sem banir'))).id;
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

async function call(token: string, method: string, path: string, json?: unknown) {
  const response = await bed.server.api(`/api${path}`, { method, token, ...(json === undefined ? {} : { json }) });
  return { status: response.status, body: await response.json() };
}

const newPlan = async (json: Record<string, unknown>) => {
  const answer = await call(owner.auth.token, 'POST', '/access/plans', { name: 'VIP Mensal', botId: owner.bot.id, channelIds: [vipId], durationDays: 30, ...json });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return planResponseSchema.parse(answer.body).data.plan;
};

describe('access plans', () => {
  test('a plan answers absolute webhook URLs, its key to owners only, and never a gateway token', async () => {
    const plan = await newPlan({ graceDays: 2, priceCents: 4990, gateways: { hotmart: { token: 'hottok-segredo-123', productId: '998877' } } });
    const PUBLIC_URL = new URL(bed.server.url).origin;
    expect(plan.webhooks).toEqual({
      hotmart: `${PUBLIC_URL}/api/access/webhooks/${plan.id}/hotmart`, kiwify: `${PUBLIC_URL}/api/access/webhooks/${plan.id}/kiwify`,
      eduzz: `${PUBLIC_URL}/api/access/webhooks/${plan.id}/eduzz`, generic: `${PUBLIC_URL}/api/access/webhooks/${plan.id}/generic`,
    });
    expect(plan.webhookSecret).toMatch(/^whsec_/);
    expect(plan.gateways.hotmart).toEqual({ tokenSet: true, productId: '998877' });
    expect(plan.gateways.kiwify).toEqual({ tokenSet: false, productId: null });
    expect({ durationDays: plan.durationDays, lifetime: plan.lifetime, graceDays: plan.graceDays, active: plan.active }).toEqual({ durationDays: 30, lifetime: false, graceDays: 2, active: true });
    expect(plan.channels).toEqual([{ id: vipId, title: 'Grupo VIP', type: 'supergroup', ready: true }]);

    const admin = await joinedMember(bed.server, owner.auth.token, 'admin');
    const seen = await call(admin.token, 'GET', `/access/plans/${plan.id}`);
    expect(seen.status).toBe(200);
    expect(planResponseSchema.parse(seen.body).data.plan.webhookSecret).toBeUndefined();
    const stored = await bed.server.db.sql<{ tokens: Record<string, string>; secret: string }[]>`
      select gateway_tokens_encrypted as tokens, webhook_secret_encrypted as secret from access_plans where id = ${plan.id}`;
    expect(JSON.stringify(stored)).not.toContain('hottok-segredo-123');
    expect(JSON.stringify(stored)).not.toContain(plan.webhookSecret ?? '-');
    expect(JSON.stringify(seen.body)).not.toContain('hottok-segredo-123');
  });

  test('a plan whose bot cannot ban in a chat is refused activation, naming the chat; saved inactive it says so', async () => {
    const refused = await call(owner.auth.token, 'POST', '/access/plans', { name: 'Sem banir', botId: owner.bot.id, channelIds: [vipId, freeId], lifetime: true });
    expect(refused.status).toBe(422);
    expect(failureEnvelopeSchema.parse(refused.body).message).toBe(botLacksRights('Grupo sem banir'));
    const draft = await newPlan({ name: 'Rascunho', channelIds: [freeId], active: false, durationDays: undefined, lifetime: true });
    expect(draft.lifetime).toBe(true);
    expect(draft.channels.map((channel) => channel.ready)).toEqual([false]);
    const activate = await call(owner.auth.token, 'PUT', `/access/plans/${draft.id}`, { active: true });
    expect([activate.status, failureEnvelopeSchema.parse(activate.body).message]).toEqual([422, botLacksRights('Grupo sem banir')]);
  });

  test('bad plans are refused in pt-BR', async () => {
    const both = await call(owner.auth.token, 'POST', '/access/plans', { name: 'X', botId: owner.bot.id, channelIds: [vipId], durationDays: 30, lifetime: true });
    expect([both.status, failureEnvelopeSchema.parse(both.body).details?.durationDays]).toEqual([400, ACCESS_TEXTS.durationRequired]);
    const none = await call(owner.auth.token, 'POST', '/access/plans', { name: 'X', botId: owner.bot.id, channelIds: [], durationDays: 30 });
    expect(failureEnvelopeSchema.parse(none.body).details?.channelIds).toBe(ACCESS_TEXTS.channelsRequired);
    const grace = await call(owner.auth.token, 'POST', '/access/plans', { name: 'X', botId: owner.bot.id, channelIds: [vipId], durationDays: 30, graceDays: 91 });
    expect(failureEnvelopeSchema.parse(grace.body).details?.graceDays).toBe(ACCESS_TEXTS.graceInvalid);
  });

  test('a manual grant waits for its Telegram account with a claim link; extension, revocation and history follow', async () => {
    const plan = await newPlan({ name: 'Presentes' });
    const granted = await call(owner.auth.token, 'POST', `/access/plans/${plan.id}/members`, { email: 'Maria@Exemplo.com', name: 'Maria', days: 10, note: 'Cortesia' });
    expect(granted.status).toBe(201);
    const member = accessMemberResponseSchema.parse(granted.body).data.member;
    expect({ status: member.status, email: member.email, source: member.source, telegramId: member.telegramId }).toEqual({ status: 'AWAITING_LINK', email: 'maria@exemplo.com', source: 'manual', telegramId: null });
    expect(member.claimLink).toMatch(new RegExp(`^https://t\\.me/${owner.username}\\?start=a_[A-Za-z0-9_-]{22}$`));
    const days = (Date.parse(member.accessUntil ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(9.9);
    expect(days).toBeLessThan(10.1);

    const until = new Date(Date.now() + 60 * 86_400_000).toISOString();
    const extended = accessMemberResponseSchema.parse((await call(owner.auth.token, 'PATCH', `/access/members/${member.id}`, { accessUntil: until })).body).data.member;
    expect(Date.parse(extended.accessUntil ?? '')).toBe(Date.parse(until));
    const past = await call(owner.auth.token, 'PATCH', `/access/members/${member.id}`, { accessUntil: new Date(Date.now() - 1000).toISOString() });
    expect([past.status, failureEnvelopeSchema.parse(past.body).message]).toEqual([422, ACCESS_TEXTS.accessUntilPast]);

    const revoked = accessMemberResponseSchema.parse((await call(owner.auth.token, 'POST', `/access/members/${member.id}/revoke`, { reason: 'Pedido do cliente' })).body).data.member;
    expect(revoked.status).toBe('REVOKED');
    expect(revoked.history.map((event) => [event.status, event.cause, event.detail])).toEqual([
      ['AWAITING_LINK', 'operator', 'Cortesia'], ['AWAITING_LINK', 'operator', 'Prazo alterado'], ['REVOKED', 'operator', 'Pedido do cliente'],
    ]);
    expect(revoked.history.every((event) => event.actorName === owner.account.user.name)).toBe(true);
    const again = await call(owner.auth.token, 'POST', `/access/members/${member.id}/revoke`, {});
    expect([again.status, failureEnvelopeSchema.parse(again.body).message]).toEqual([409, ACCESS_TEXTS.alreadyRevoked]);
    const late = await call(owner.auth.token, 'PATCH', `/access/members/${member.id}`, { accessUntil: until });
    expect([late.status, failureEnvelopeSchema.parse(late.body).message]).toEqual([409, ACCESS_TEXTS.memberEnded]);
  });

  test('members are listed by plan with filters and search; counts follow; an archived plan keeps them', async () => {
    const plan = await newPlan({ name: 'Contagem' });
    for (const [email, days] of [['ana@exemplo.com', 3], ['bia@exemplo.com', 20], ['caio@exemplo.com', 5]] as const) {
      expect((await call(owner.auth.token, 'POST', `/access/plans/${plan.id}/members`, { email, days })).status).toBe(201);
    }
    const list = async (query: string) => accessMemberListResponseSchema.parse((await call(owner.auth.token, 'GET', `/access/plans/${plan.id}/members${query}`)).body).data;
    expect((await list('')).members.map((member) => member.email)).toEqual(['caio@exemplo.com', 'bia@exemplo.com', 'ana@exemplo.com']);
    expect((await list('?search=bia')).members.map((member) => member.email)).toEqual(['bia@exemplo.com']);
    expect((await list('?status=AWAITING_LINK')).pagination.total).toBe(3);
    expect((await list('?status=ACTIVE')).pagination.total).toBe(0);
    const counted = planResponseSchema.parse((await call(owner.auth.token, 'GET', `/access/plans/${plan.id}`)).body).data.plan;
    expect(counted.counts).toEqual({ active: 0, expiringIn7Days: 0, expired: 0, awaitingLink: 3 });

    expect((await call(owner.auth.token, 'DELETE', `/access/plans/${plan.id}`)).status).toBe(200);
    const current = planListResponseSchema.parse((await call(owner.auth.token, 'GET', '/access/plans')).body).data.plans;
    expect(current.map((item) => item.id)).not.toContain(plan.id);
    const archived = planListResponseSchema.parse((await call(owner.auth.token, 'GET', '/access/plans?archived=true')).body).data.plans;
    expect(archived.find((item) => item.id === plan.id)?.archived).toBe(true);
    expect((await list('')).pagination.total).toBe(3);
    const edit = await call(owner.auth.token, 'PUT', `/access/plans/${plan.id}`, { name: 'Outro' });
    expect([edit.status, failureEnvelopeSchema.parse(edit.body).message]).toEqual([409, ACCESS_TEXTS.archived]);
  });

  test('plan and access changes are in the activity log, named by the plan, never by the buyer', async () => {
    const plan = await newPlan({ name: 'Plano Auditado' });
    const granted = accessMemberResponseSchema.parse((await call(owner.auth.token, 'POST', `/access/plans/${plan.id}/members`, { email: 'auditada@exemplo.com', days: 5 })).body).data.member;
    await call(owner.auth.token, 'PATCH', `/access/members/${granted.id}`, { accessUntil: new Date(Date.now() + 9 * 86_400_000).toISOString() });
    await call(owner.auth.token, 'POST', `/access/members/${granted.id}/revoke`, {});
    await call(owner.auth.token, 'DELETE', `/access/plans/${plan.id}`);
    const log = await call(owner.auth.token, 'GET', '/team/audit?limit=100');
    const entries = successEnvelope(auditPageSchema).parse(log.body).data.entries.filter((entry) => entry.targetId === plan.id || entry.targetId === granted.id);
    expect(entries.map((entry) => [entry.action, entry.targetName]).reverse()).toEqual([
      ['plan.create', 'Plano Auditado'], ['access.grant', 'Plano Auditado'], ['access.update', 'Plano Auditado'],
      ['access.revoke', 'Plano Auditado'], ['plan.archive', 'Plano Auditado'],
    ]);
    expect(JSON.stringify(log.body)).not.toContain('auditada@exemplo.com');
  });

  test('an agent cannot see plans or accesses', async () => {
    const agent = await joinedMember(bed.server, owner.auth.token, 'agent');
    for (const path of ['/access/plans', '/access/members']) {
      const answer = await call(agent.token, 'GET', path);
      expect([answer.status, failureEnvelopeSchema.parse(answer.body).code]).toEqual([403, 'ROLE_FORBIDDEN']);
    }
  });
});
