/**
 * POST /access/members/{id}/refund (docs/decisions.md#paid-access): returns the Stars of an access bought by
 * invoice in the bot (its latest payment not refunded yet) through refundStarPayment, then ends the access as
 * REFUNDED through the lifecycle. Telegram answers CHARGE_ALREADY_REFUNDED for a second refund: the access is ended
 * all the same (the Stars are back with the buyer) and the operator told so. A channel subscription's Stars went
 * to the channel, which Telegram gives bots no way to refund; other sources are refunded at their gateway. A
 * subscription invoice's renewals are stopped with the refund.
 */
import { STARS_TEXTS } from '@shared/access/stars.ts';
import type { Queryable } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import { STARS_NOT_RUNNING } from '../../ports/stars-calls.ts';
import { endAccess, getMember } from './member-service.ts';
import * as members from './member-repository.ts';
import * as plans from './plan-repository.ts';
import * as repo from './stars-repository.ts';

export type RefundDeps = { sql: Queryable; runtime?: BotRuntime | undefined };

const refused = (message: string, status: number) => new AppError('VALIDATION_FAILED', status, message, { id: message });
const HOLDING = ['AWAITING_LINK', 'ACTIVE', 'GRACE', 'CANCELED'];

export async function refundStars(deps: RefundDeps, userId: string, memberId: string, actorId: string) {
  const member = isUuid(memberId) ? await members.findMember(deps.sql, userId, memberId) : undefined;
  if (!member) throw notFound();
  if (member.source !== 'stars') throw refused(STARS_TEXTS.notStars, 422);
  if (member.subscriptionId?.startsWith('link:')) throw refused(STARS_TEXTS.linkNotRefundable, 422);
  const charge = await repo.refundableCharge(deps.sql, userId, memberId);
  if (!charge) throw refused(STARS_TEXTS.alreadyRefunded, 409);
  const plan = await plans.findPlan(deps.sql, userId, member.planId);
  if (!plan) throw notFound();
  const result = deps.runtime
    ? await deps.runtime.stars(plan.botId, { action: 'refund', telegramId: Number(charge.telegramId), chargeId: charge.chargeId })
    : STARS_NOT_RUNNING;
  const already = !result.ok && result.description.includes('CHARGE_ALREADY_REFUNDED');
  if (!result.ok && !already) {
    if (result.description === STARS_NOT_RUNNING.description) throw new AppError('BOT_NOT_RUNNING', 409, STARS_TEXTS.botOff);
    if (result.errorCode === 0) throw new AppError('TELEGRAM_SYNC_FAILED', 502);
    throw refused(STARS_TEXTS.refundFailed(result.description), 422);
  }
  await inTransaction(deps.sql, async (sql) => {
    await repo.markRefunded(sql, userId, charge.chargeId);
    const locked = await members.lockMember(sql, userId, memberId);
    if (locked && HOLDING.includes(locked.status)) {
      await endAccess(sql, locked, 'REFUNDED', { cause: 'operator', actorId, detail: `Reembolso em Telegram Stars (${charge.chargeId})` });
    }
  });
  // A refunded subscription must not charge the buyer again next month (nor grant again): its renewals stop. The
  // refund stands even if Telegram refuses that; the next renewal would then open a new access of its own.
  if (charge.subscription && deps.runtime) {
    await deps.runtime.stars(plan.botId, { action: 'cancel-subscription', telegramId: Number(charge.telegramId), chargeId: charge.chargeId });
  }
  if (already) throw refused(STARS_TEXTS.alreadyRefunded, 409);
  return getMember(deps, userId, memberId);
}
