/**
 * A plan's channel subscription link stops selling (docs/decisions.md#paid-access): Stars or the link turned off, a
 * new price (a new link replaces it) or the plan archived. The old link is revoked in Telegram so nobody subscribes
 * through it any more; Telegram keeps renewing the subscriptions it already sold, and those renewals still reach their
 * accesses (stars-purchases.ts matches them by chat and subscriber, not by link).
 */
import { STARS_TEXTS } from '@shared/access/stars.ts';
import { AppError } from '../../lib/errors.ts';
import { STARS_NOT_RUNNING } from '../../ports/stars-calls.ts';
import type { PlanRow } from './plan-repository.ts';
import type { StarsPlanDeps } from './stars-plan.ts';
import { forgetLink, type StarsWrite } from './stars-repository.ts';

/** The stored link a write leaves behind, if any. */
export function droppedLink(stored: PlanRow, write: StarsWrite | undefined) {
  if (!stored.starsLink || stored.starsLinkChatId === null || !write || write.link === stored.starsLink) return undefined;
  return { chatId: Number(stored.starsLinkChatId), link: stored.starsLink };
}

/**
 * Revokes it before the change is saved: with the bot off the change is refused (the link would keep selling a plan
 * that no longer does), as creating a link is. Telegram refusing it (already revoked, the bot no longer an
 * administrator) leaves nothing to revoke through this bot.
 */
export async function revokeDroppedLink(deps: StarsPlanDeps, botId: string, dropped: { chatId: number; link: string } | undefined) {
  if (!dropped) return;
  const result = deps.runtime ? await deps.runtime.stars(botId, { action: 'revoke-subscription-link', ...dropped }) : STARS_NOT_RUNNING;
  if (result.ok || result.errorCode !== 0) return;
  if (result.description === STARS_NOT_RUNNING.description) throw new AppError('BOT_NOT_RUNNING', 409, STARS_TEXTS.botOff);
  throw new AppError('TELEGRAM_SYNC_FAILED', 502);
}

/**
 * Archiving is never refused: a link that could not be revoked now (the bot off) stays stored, so a join through it
 * still finds the plan, and the plan page keeps showing it.
 */
export async function revokeArchivedLink(deps: StarsPlanDeps, plan: PlanRow) {
  const dropped = droppedLink(plan, { price: null, subscriptionLink: false, invoice: false, link: null, linkChatId: null });
  if (!dropped) return;
  try {
    await revokeDroppedLink(deps, plan.botId, dropped);
  } catch {
    return;
  }
  await forgetLink(deps.sql, plan.id, dropped.link);
}
