/**
 * Telegram Stars settings of a plan (docs/decisions.md#paid-access). With `subscriptionLink` the plan's one chat
 * must be a channel (Telegram creates subscription links in channels only) and the link is created through the
 * plan's bot when the plan is saved: Telegram cannot change a link's price, so a new price or channel makes a new
 * link, and an unchanged one keeps its link. A link the plan stops selling through (Stars or the link turned off, a
 * new price, the plan archived) is revoked so nobody joins through it any more; the subscribers it already has keep
 * renewing into their accesses (matched by chat and subscriber).
 */
import { PLAN_START_PREFIX, STARS_LIMITS, STARS_TEXTS, type StarsSettings } from '@shared/access/stars.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import { STARS_NOT_RUNNING } from '../../ports/stars-calls.ts';
import type { PlanRow } from './plan-repository.ts';
import * as repo from './stars-repository.ts';

export type StarsPlanDeps = { sql: Queryable; runtime?: BotRuntime | undefined };

/** Telegram's limit on an invite link's name. */
const LINK_NAME_MAX = 32;

const refused = (field: string, message: string, status = 422) => new AppError('VALIDATION_FAILED', status, message, { [field]: message });

const storedSettings = (row: PlanRow): StarsSettings | null =>
  row.starsPrice === null ? null : { priceStars: row.starsPrice, subscriptionLink: row.starsSubscriptionLink, invoice: row.starsInvoice };

/**
 * What to store for the plan's Stars: `input` undefined keeps the stored settings (still checked against the chats,
 * which may have changed). Undefined answer: nothing to write.
 */
export async function starsWrite(
  deps: StarsPlanDeps, input: StarsSettings | null | undefined, plan: { botId: string; name: string; channelIds: string[] }, stored?: PlanRow,
): Promise<repo.StarsWrite | undefined> {
  const settings = input === undefined ? (stored ? storedSettings(stored) : null) : input;
  if (input === undefined && !settings?.subscriptionLink) return undefined;
  const storedChat = stored?.starsLinkChatId ?? null;
  const kept = { link: stored?.starsLink ?? null, linkChatId: storedChat === null ? null : Number(storedChat) };
  // Off: the link is forgotten (revoked by the caller, stars-link-revoke.ts) and a new one made if it comes back on;
  // the chat stays, so the subscribers it had keep renewing into their accesses.
  const dropped = { link: null, linkChatId: kept.linkChatId };
  if (settings === null) return { price: null, subscriptionLink: false, invoice: false, ...dropped };
  const base = { price: settings.priceStars, subscriptionLink: settings.subscriptionLink, invoice: settings.invoice };
  if (!settings.subscriptionLink) return { ...base, ...dropped };
  const chats = await repo.channelChats(deps.sql, plan.channelIds);
  const [chat] = chats;
  if (!chat || chats.length !== 1) throw refused('stars', STARS_TEXTS.linkNeedsOneChannel);
  if (chat.type !== 'channel') throw refused('stars', STARS_TEXTS.linkChannelsOnly);
  const chatId = Number(chat.chatId);
  if (stored?.starsLink && kept.linkChatId === chatId && stored.starsPrice === settings.priceStars) return { ...base, ...kept };
  return { ...base, link: await createLink(deps, plan, chatId, settings.priceStars), linkChatId: chatId };
}

async function createLink(deps: StarsPlanDeps, plan: { botId: string; name: string }, chatId: number, priceStars: number) {
  const result = deps.runtime
    ? await deps.runtime.stars(plan.botId, {
        action: 'subscription-link', chatId, name: [...plan.name].slice(0, LINK_NAME_MAX).join(''), priceStars,
        periodSeconds: STARS_LIMITS.subscriptionPeriodSeconds,
      })
    : undefined;
  if (result?.ok && result.link) return result.link;
  if (!result || (!result.ok && result.description === STARS_NOT_RUNNING.description)) throw new AppError('BOT_NOT_RUNNING', 409, STARS_TEXTS.botOff);
  if (result.ok || result.errorCode === 0) throw new AppError('TELEGRAM_SYNC_FAILED', 502);
  throw refused('stars', STARS_TEXTS.linkFailed(result.description));
}

/** The plan's answer fields (shared/access/stars.ts planStarsFields). */
export function starsAnswer(row: PlanRow) {
  return {
    stars: storedSettings(row),
    starsLink: row.starsSubscriptionLink ? row.starsLink : null,
    starsInvoiceLink: row.starsInvoice && row.starsPrice !== null ? `https://t.me/${row.botUsername}?start=${PLAN_START_PREFIX}${row.id}` : null,
  };
}
