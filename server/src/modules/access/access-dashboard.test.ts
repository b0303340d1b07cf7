/**
 * Paid access on the dashboard (docs/decisions.md#paid-access): "Receita" sums the approved charges in reais by the
 * caller's day (a manual grant is never revenue, another currency is not summed as reais), "Acessos ativos" counts
 * the accesses in force at the end of each day, and counting the activity again from the stored rows changes none of it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { planResponseSchema } from '@shared/access/plans.ts';
import { dashboardActivityResponseSchema } from '@shared/dashboard/schemas.ts';
import { funnelCreatedResponseSchema, funnelMetricsResponseSchema } from '@shared/funnels/schemas.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';
import { findPlan } from './plan-repository.ts';
import { grantAccess, type Purchase } from './member-service.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

async function activity(token: string) {
  const response = await bed.server.api('/api/dashboard/activity?days=7&tz=America/Sao_Paulo', { token });
  return dashboardActivityResponseSchema.parse(await response.json()).data.activity.series;
}

describe('paid access on the dashboard', () => {
  test('revenue of the day in reais and accesses in force, ended ones out; the rebuild agrees', async () => {
    const owner = await registeredBot(bed);
    const { channel } = await promotedChat(bed, owner, { type: 'supergroup', title: 'VIP Painel' });
    const created = await bed.server.api('/api/access/plans', { token: owner.auth.token, json: { name: 'Painel', botId: owner.bot.id, channelIds: [channel.id], durationDays: 30 } });
    const planId = planResponseSchema.parse(await created.json()).data.plan.id;
    const plan = await findPlan(bed.server.db.sql, owner.account.user.id, planId);
    if (!plan) throw new Error('no plan');
    const sell = (purchase: Purchase) =>
      bed.server.db.sql.begin((tx) => grantAccess(tx, { ...plan, userId: owner.account.user.id }, purchase, { cause: 'webhook' }));
    const first = await sell({ source: 'generic', email: 'a@exemplo.com', transactionId: 't1', amountCents: 4990, currency: 'BRL' });
    await sell({ source: 'kiwify', email: 'b@exemplo.com', transactionId: 't2', amountCents: 9700, currency: 'BRL' });
    await sell({ source: 'stars', email: null, transactionId: 't3', amountCents: 250, currency: 'XTR' });
    await sell({ source: 'manual', email: 'c@exemplo.com', amountCents: 100_000 });
    const revoked = await bed.server.api(`/api/access/members/${first.memberId}/revoke`, { method: 'POST', token: owner.auth.token, json: {} });
    expect(revoked.status).toBe(200);

    const series = await activity(owner.auth.token);
    const today = series.at(-1);
    expect(today?.revenueCents).toBe(4990 + 9700);
    expect(today?.activeAccesses).toBe(3);
    expect(series.slice(0, -1).every((day) => day.revenueCents === 0 && day.activeAccesses === 0)).toBe(true);
    const [refunded] = await bed.server.db.sql<{ count: number }[]>`select count(*)::int as count from access_payments where member_id = ${first.memberId} and refunded_at is not null`;
    expect(refunded?.count).toBe(0);

    await bed.server.db.sql`select activity_counts_rebuild(now() - interval '91 days')`;
    expect(await activity(owner.auth.token)).toEqual(series);
  });

  test("a funnel's metrics show the purchases and revenue of buyers who came through it, and only theirs", async () => {
    const owner = await registeredBot(bed);
    const { channel } = await promotedChat(bed, owner, { type: 'supergroup', title: 'VIP Funil' });
    const token = owner.auth.token;
    const made = await bed.server.api('/api/funnels', { token, json: { name: 'Anúncio', botId: owner.bot.id, channelId: channel.id, requireApproval: false } });
    const funnel = funnelCreatedResponseSchema.parse(await made.json()).data.funnel;
    const visitId = crypto.randomUUID();
    const viewed = await bed.server.api(`/api/t/${funnel.uuid}/pageview`, { json: { visitId, url: 'https://loja.exemplo.com/vip', referrer: '' } });
    expect(viewed.status).toBeLessThan(300);
    await eventually('the visit', async () => (await bed.server.db.sql`select 1 from funnel_visits where visit_id = ${visitId}`).length > 0);
    const created = await bed.server.api('/api/access/plans', { token, json: { name: 'Funil', botId: owner.bot.id, channelIds: [channel.id], durationDays: 30 } });
    const plan = await findPlan(bed.server.db.sql, owner.account.user.id, planResponseSchema.parse(await created.json()).data.plan.id);
    if (!plan) throw new Error('no plan');
    const sell = (purchase: Purchase) =>
      bed.server.db.sql.begin((tx) => grantAccess(tx, { ...plan, userId: owner.account.user.id }, purchase, { cause: 'webhook' }));
    await sell({ source: 'hotmart', email: 'veio@exemplo.com', transactionId: 'h1', amountCents: 19_700, currency: 'BRL', funnelVisitId: visitId });
    await sell({ source: 'hotmart', email: 'direto@exemplo.com', transactionId: 'h2', amountCents: 5_000, currency: 'BRL' });

    const answer = await bed.server.api(`/api/funnels/${funnel.id}/metrics?days=7&tz=America/Sao_Paulo`, { token });
    const { sales } = funnelMetricsResponseSchema.parse(await answer.json()).data.metrics;
    expect({ purchases: sales.purchases, revenueCents: sales.revenueCents, days: sales.history.length }).toEqual({ purchases: 1, revenueCents: 19_700, days: 7 });
    expect(sales.history.at(-1)).toMatchObject({ purchases: 1, revenueCents: 19_700 });
  });
});
