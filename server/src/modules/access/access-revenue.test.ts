/**
 * Revenue by day on the Acessos screen (docs/decisions.md#paid-access): charges in reais on the local day they were
 * paid, refunds and chargebacks apart on the day they happened, Stars counted in Stars, one plan or all of the
 * workspace's — and another workspace's sales never counted, its plan never readable.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { planResponseSchema } from '@shared/access/plans.ts';
import { accessRevenueResponseSchema } from '@shared/access/revenue.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';
import { endAccess, grantAccess, type Purchase } from './member-service.ts';
import { lockMember } from './member-repository.ts';
import { findPlan } from './plan-repository.ts';

const TZ = 'America/Sao_Paulo';
let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

type Owner = Awaited<ReturnType<typeof registeredBot>>;

async function planOf(owner: Owner, name: string) {
  const { channel } = await promotedChat(bed, owner, { type: 'supergroup', title: `VIP ${name}` });
  const created = await bed.server.api('/api/access/plans', { token: owner.auth.token, json: { name, botId: owner.bot.id, channelIds: [channel.id], durationDays: 30 } });
  const plan = await findPlan(bed.server.db.sql, owner.account.user.id, planResponseSchema.parse(await created.json()).data.plan.id);
  if (!plan) throw new Error('no plan');
  const userId = owner.account.user.id;
  /** A sale paid at noon of the local day `daysAgo` days before today. */
  const sell = async (purchase: Purchase, daysAgo = 0) => {
    const { memberId } = await bed.server.db.sql.begin((tx) => grantAccess(tx, { ...plan, userId }, purchase, { cause: 'webhook' }));
    await bed.server.db.sql`update access_payments set paid_at = ${noonOf(daysAgo)} where member_id = ${memberId}`;
    return memberId;
  };
  return { id: plan.id, sell };
}

const noonOf = (daysAgo: number) => bed.server.db.sql`(((now() at time zone ${TZ})::date - ${daysAgo}::int + time '12:00') at time zone ${TZ})`;

async function refund(owner: Owner, memberId: string, daysAgo: number) {
  await bed.server.db.sql.begin(async (tx) => {
    const member = await lockMember(tx, owner.account.user.id, memberId);
    if (!member) throw new Error('no member');
    await endAccess(tx, member, 'REFUNDED', { cause: 'webhook' });
  });
  await bed.server.db.sql`update access_payments set refunded_at = ${noonOf(daysAgo)} where member_id = ${memberId}`;
}

async function revenue(token: string, query: string) {
  const response = await bed.server.api(`/api/access/revenue?tz=${TZ}&${query}`, { token });
  expect(response.status).toBe(200);
  return accessRevenueResponseSchema.parse(await response.json()).data.revenue.series;
}

describe('revenue by day', () => {
  test('charges by the day paid, refunds apart on their day, per plan and for all plans; another workspace never counted', async () => {
    const owner = await registeredBot(bed);
    const vip = await planOf(owner, 'Revenue VIP');
    const basic = await planOf(owner, 'Revenue Básico');
    const refunded = await vip.sell({ source: 'generic', email: 'a@exemplo.com', transactionId: 'r1', amountCents: 4990, currency: 'BRL' }, 3);
    await vip.sell({ source: 'kiwify', email: 'b@exemplo.com', transactionId: 'r2', amountCents: 9700, currency: 'BRL' });
    await vip.sell({ source: 'stars', email: null, transactionId: 'r3', amountCents: 250, currency: 'XTR' });
    await basic.sell({ source: 'hotmart', email: 'c@exemplo.com', transactionId: 'r4', amountCents: 1000, currency: 'BRL' }, 1);
    await vip.sell({ source: 'manual', email: 'd@exemplo.com', amountCents: 100_000 });
    await refund(owner, refunded, 1);
    const stranger = await registeredBot(bed);
    const theirs = await planOf(stranger, 'Revenue Alheio');
    await theirs.sell({ source: 'generic', email: 'e@exemplo.com', transactionId: 'r1', amountCents: 77_700, currency: 'BRL' });
    await theirs.sell({ source: 'generic', email: 'f@exemplo.com', transactionId: 'r5', amountCents: 5_500, currency: 'BRL' }, 1);

    const all = await revenue(owner.auth.token, 'days=7');
    expect(all).toHaveLength(7);
    const [fourAgo, threeAgo, twoAgo, yesterday, today] = all.slice(-5);
    expect([fourAgo, twoAgo].map((day) => day && { ...day, date: '' })).toEqual([0, 0].map(() => ({ date: '', revenueCents: 0, refundedCents: 0, sales: 0, stars: 0 })));
    expect(threeAgo).toMatchObject({ revenueCents: 4990, refundedCents: 0, sales: 1, stars: 0 });
    expect(yesterday).toMatchObject({ revenueCents: 1000, refundedCents: 4990, sales: 1, stars: 0 });
    expect(today).toMatchObject({ revenueCents: 9700, refundedCents: 0, sales: 2, stars: 250 });

    const onlyVip = await revenue(owner.auth.token, `days=30&planId=${vip.id}`);
    expect(onlyVip).toHaveLength(30);
    expect(onlyVip.at(-2)).toMatchObject({ revenueCents: 0, refundedCents: 4990, sales: 0 });
    expect(onlyVip.reduce((sum, day) => sum + day.revenueCents, 0)).toBe(4990 + 9700);

    const theirSeries = await revenue(stranger.auth.token, 'days=7');
    expect(theirSeries.reduce((sum, day) => sum + day.revenueCents, 0)).toBe(77_700 + 5_500);
    const foreign = await bed.server.api(`/api/access/revenue?days=7&planId=${vip.id}`, { token: stranger.auth.token });
    expect(foreign.status).toBe(404);
  });

  test('bad input is a pt-BR 400', async () => {
    const owner = await registeredBot(bed);
    for (const query of ['days=8', 'tz=Marte/Base', 'planId=nao-e-id']) {
      const response = await bed.server.api(`/api/access/revenue?${query}`, { token: owner.auth.token });
      expect(response.status, query).toBe(400);
    }
  });
});
