/**
 * The bot's Stars invoices and what follows a payment (docs/decisions.md#paid-access). A plan lasting 30 days sells
 * as a subscription (createInvoiceLink with subscription_period, behind a button: Telegram has no subscription on
 * sendInvoice); any other plan as a one-time sendInvoice. After a first payment the buyer gets one single-use,
 * short-lived invite link per chat of the plan; a renewal gets a note with the new end date.
 */
import { InlineKeyboard, type Api, type Context } from 'grammy';
import { STARS_BOT_TEXTS, STARS_LIMITS } from '@shared/access/stars.ts';
import type { IssuedLink } from '../../../ports/access-gate.ts';
import type { StarsOffer, StarsPaymentOutcome } from '../../../ports/stars-access.ts';
import type { BotDeps } from '../bots/bot-deps.ts';

/** A DMed entry link works once and for a day: a leaked one is worthless to anyone else soon after. */
const LINK_LIFETIME_SECONDS = 86_400;
/** Telegram's limits on an invoice's title and an invite link's name. */
const TITLE_MAX = 32;
const LINK_NAME_MAX = 32;

const cut = (text: string, max: number) => [...text].slice(0, max).join('');

export async function sendOffers(ctx: Context, deps: BotDeps, planId?: string) {
  const chatId = ctx.chat?.id;
  if (chatId === undefined) return;
  const offers = await deps.starsAccess.offers(deps.botId, planId);
  if (offers.length === 0) {
    await ctx.api.sendMessage(chatId, planId ? STARS_BOT_TEXTS.unavailable : STARS_BOT_TEXTS.nothingToSell);
    return;
  }
  for (const offer of offers) await sendOffer(ctx.api, chatId, offer);
}

async function sendOffer(api: Api, chatId: number, offer: StarsOffer) {
  const title = cut(offer.title, TITLE_MAX);
  const prices = [{ label: title, amount: offer.priceStars }];
  if (!offer.subscription) {
    await api.sendInvoice(chatId, title, offer.description, offer.payload, 'XTR', prices, { provider_token: '' });
    return;
  }
  const link = await api.createInvoiceLink(title, offer.description, offer.payload, '', 'XTR', prices, {
    subscription_period: STARS_LIMITS.subscriptionPeriodSeconds,
  });
  await api.sendMessage(chatId, `${offer.title}\n\n${offer.description}`, {
    reply_markup: new InlineKeyboard().url(STARS_BOT_TEXTS.subscribe(offer.priceStars), link),
  });
}

const dateText = (date: Date) => date.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** The links of a first payment, or the renewal note. */
export async function deliverAccessLinks(api: Api, deps: BotDeps, buyerId: number, outcome: Extract<StarsPaymentOutcome, { kind: 'granted' }>) {
  if (outcome.renewal) {
    if (outcome.accessUntil) await api.sendMessage(buyerId, STARS_BOT_TEXTS.renewed(outcome.planName, dateText(outcome.accessUntil)));
    return;
  }
  const issued: IssuedLink[] = [];
  const expiresAt = new Date((Math.floor(Date.now() / 1000) + LINK_LIFETIME_SECONDS) * 1000);
  for (const chatId of outcome.chatIds) {
    try {
      const link = await api.createChatInviteLink(chatId, {
        name: cut(`Acesso ${outcome.planName}`, LINK_NAME_MAX), member_limit: 1, expire_date: expiresAt.getTime() / 1000,
      });
      issued.push({ chatId, inviteLink: link.invite_link, expiresAt });
    } catch (error) {
      deps.logger.error('falha ao criar link de entrada', { chatId, memberId: outcome.memberId, error });
    }
  }
  // Recorded as the claim path's are: someone else joining through a leaked one is caught by the gate.
  await deps.access.linksIssued({ botId: deps.botId, memberId: outcome.memberId, links: issued });
  const links = issued.map((link) => link.inviteLink);
  await api.sendMessage(buyerId, links.length === 0 ? STARS_BOT_TEXTS.noLinks : `${STARS_BOT_TEXTS.paid(outcome.planName)}\n\n${links.join('\n')}`);
}
