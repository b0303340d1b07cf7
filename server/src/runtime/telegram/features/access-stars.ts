/**
 * Telegram Stars of paid access (docs/decisions.md#paid-access), the bot's side:
 * - a member joining a channel through a plan's subscription link, each renewal (member → member with a later
 *   until_date) and the leave when the subscription ends go to the access lifecycle;
 * - `/assinar` (every plan of the bot on sale by invoice) and `/start plano_<id>` (that plan) send the invoice;
 * - pre_checkout_query is accepted only for a plan still on sale at that price; successful_payment grants access
 *   and DMs single-use invite links (access-stars-invoices.ts).
 * Access data is reached only through the StarsAccess port. Membership updates always pass on (funnels, welcome).
 */
import { Composer, type Context } from 'grammy';
import type { ChatMemberUpdated, User } from 'grammy/types';
import { PLAN_START_PREFIX, STARS_BOT_TEXTS } from '@shared/access/stars.ts';
import type { StarsBuyer } from '../../../ports/stars-access.ts';
import type { BotDeps } from '../bots/bot-deps.ts';
import { deliverAccessLinks, sendOffers } from './access-stars-invoices.ts';
import { isJoin, isLeave } from './membership.ts';

export const starsBuyer = (user: User): StarsBuyer => ({
  telegramId: user.id, firstName: user.first_name, lastName: user.last_name ?? null, username: user.username ?? null,
});

export function starsFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();
  const guarded = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      deps.logger.error('falha em pagamento com Stars', { what, error });
    }
  };

  composer.on('chat_member', async (ctx, next) => {
    const update = ctx.chatMember;
    if (update.chat.type === 'channel' && !update.new_chat_member.user.is_bot) await guarded('subscription member', () => subscriptionMember(deps, update));
    await next();
  });

  const privateChat = composer.chatType('private');
  privateChat.command('assinar', (ctx) => guarded('offer', () => sendOffers(ctx, deps)));
  privateChat.command('start', async (ctx, next) => {
    const payload = ctx.match.trim();
    if (!payload.startsWith(PLAN_START_PREFIX)) return next();
    await guarded('offer', () => sendOffers(ctx, deps, payload.slice(PLAN_START_PREFIX.length)));
  });

  composer.on('pre_checkout_query', async (ctx) => {
    const query = ctx.preCheckoutQuery;
    let refusal: string | null = STARS_BOT_TEXTS.unavailable;
    await guarded('pre-checkout', async () => {
      refusal = query.currency === 'XTR' ? await deps.starsAccess.preCheckout(deps.botId, query.invoice_payload, query.total_amount) : STARS_BOT_TEXTS.unavailable;
    });
    await ctx.answerPreCheckoutQuery(refusal === null, refusal === null ? undefined : { error_message: refusal });
  });

  privateChat.on('message:successful_payment', (ctx) => guarded('payment', async () => {
    const payment = ctx.message.successful_payment;
    const outcome = await deps.starsAccess.paid({
      botId: deps.botId, buyer: starsBuyer(ctx.from), chargeId: payment.telegram_payment_charge_id, payload: payment.invoice_payload,
      amount: payment.total_amount, currency: payment.currency, subscriptionExpirationDate: payment.subscription_expiration_date,
      recurring: payment.is_recurring === true && payment.is_first_recurring !== true,
    });
    if (outcome.kind === 'granted') await deliverAccessLinks(ctx.api, deps, ctx.from.id, outcome);
  }));

  return composer;
}

/** Joins, renewals and leaves of a channel; the access module decides whether the link is a plan's. */
async function subscriptionMember(deps: BotDeps, update: ChatMemberUpdated) {
  const member = update.new_chat_member;
  const renewal = member.status === 'member' && update.old_chat_member.status === 'member';
  if (!isJoin(update) && !isLeave(update) && !renewal) return;
  await deps.starsAccess.subscriptionMember({
    botId: deps.botId, chatId: update.chat.id, inviteLink: update.invite_link?.invite_link, buyer: starsBuyer(member.user),
    untilDate: member.status === 'member' ? member.until_date : undefined, joined: !isLeave(update),
  });
}
