/**
 * A revoked access bought by a Stars subscription invoice (docs/decisions.md#paid-access) must not charge its buyer
 * again next month: its renewals stop (editUserStarSubscription with is_canceled), as a refund's do. The revocation
 * stands whatever Telegram answers; a renewal that still came would open an access of its own, never revive this one.
 */
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import type { Queryable } from '../../db/client.ts';
import * as members from './member-repository.ts';
import * as plans from './plan-repository.ts';
import { subscriptionCharge } from './stars-repository.ts';

export async function stopStarsRenewals(deps: { sql: Queryable; runtime?: BotRuntime | undefined }, userId: string, memberId: string) {
  const member = await members.findMember(deps.sql, userId, memberId);
  if (!member || member.source !== 'stars' || !deps.runtime) return;
  const charge = await subscriptionCharge(deps.sql, userId, memberId);
  const plan = charge && (await plans.findPlan(deps.sql, userId, member.planId));
  if (!charge || !plan) return;
  await deps.runtime.stars(plan.botId, { action: 'cancel-subscription', telegramId: Number(charge.telegramId), chargeId: charge.chargeId });
}
