/**
 * What the bot runtime asks of paid access when Telegram Stars move (docs/decisions.md#paid-access): a member
 * joining or leaving through a plan's channel subscription link, a buyer asking for a plan's invoice, the
 * pre-checkout check and a successful payment. modules/access implements it; the composition root hands it to the
 * runtime, so the runtime never imports the module and every access change goes through its lifecycle.
 */
import { STARS_BOT_TEXTS } from '@shared/access/stars.ts';

export type StarsBuyer = { telegramId: number; firstName: string; lastName: string | null; username: string | null };

/** A chat_member of a channel carrying an invite link: the link may be a plan's subscription link. */
export type SubscriptionMemberEvent = {
  botId: string;
  chatId: number;
  inviteLink: string | undefined;
  buyer: StarsBuyer;
  /** The member's until_date (unix seconds) while subscribed; undefined when the member left. */
  untilDate: number | undefined;
  joined: boolean;
};

/** An invoice to send: a subscription (createInvoiceLink with a 30-day period) or a one-time sendInvoice. */
export type StarsOffer = { planId: string; title: string; description: string; payload: string; priceStars: number; subscription: boolean };

export type StarsPayment = {
  botId: string;
  buyer: StarsBuyer;
  chargeId: string;
  payload: string;
  amount: number;
  currency: string;
  /** Unix seconds: the end of the paid period of a subscription invoice. */
  subscriptionExpirationDate: number | undefined;
  recurring: boolean;
};

/** What the bot does after a payment: the chats to DM single-use links to (a first payment), or a renewal note. */
export type StarsPaymentOutcome =
  | { kind: 'duplicate' }
  | { kind: 'unknown-plan' }
  | { kind: 'granted'; memberId: string; planName: string; chatIds: number[]; accessUntil: Date | null; renewal: boolean };

export type StarsAccess = {
  subscriptionMember(event: SubscriptionMemberEvent): Promise<void>;
  /** The plans of this bot on sale by invoice (`planId`: that plan only, from a /start link). */
  offers(botId: string, planId?: string): Promise<StarsOffer[]>;
  /** null: accept; else the pt-BR reason Telegram shows the buyer. */
  preCheckout(botId: string, payload: string, amount: number): Promise<string | null>;
  paid(payment: StarsPayment): Promise<StarsPaymentOutcome>;
};

/** A runtime without paid access (tests of other parts): nothing is sold, nothing recorded. */
export const noStarsAccess: StarsAccess = {
  subscriptionMember: async () => {},
  offers: async () => [],
  preCheckout: async () => STARS_BOT_TEXTS.unavailable,
  paid: async () => ({ kind: 'unknown-plan' }),
};
