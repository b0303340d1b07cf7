// Telegram Stars as the emulator keeps them: invoices bots issued (as messages or links), pre-checkout queries
// waiting for the bot's answer, and every payment with its refund state. Channel subscription payments are kept
// here too (kind 'channel_subscription') although on Telegram they go to the channel, not to the bot's balance.

export interface InvoiceRecord {
  botId: number;
  title: string;
  description: string;
  payload: string;
  currency: string;
  amount: number;
  /** createInvoiceLink only: a Stars subscription renewed every period. */
  subscriptionPeriod?: number;
  /** Where the invoice is: a message (chatId, messageId) or a link. */
  chatId?: number;
  messageId?: number;
  link?: string;
}

export type PreCheckoutAnswer = { ok: true } | { ok: false; errorMessage: string };

export interface PreCheckoutRecord {
  id: string;
  botId: number;
  userId: number;
  invoice: InvoiceRecord;
  answer?: PreCheckoutAnswer;
  /** Set while the payment waits; answered or expired queries are refused like Telegram refuses old queries. */
  settle?: (answer: PreCheckoutAnswer) => void;
}

export interface StarPaymentRecord {
  kind: 'invoice' | 'channel_subscription';
  telegramPaymentChargeId: string;
  providerPaymentChargeId: string;
  userId: number;
  amount: number;
  currency: 'XTR';
  date: number;
  /** Invoices: the bot paid and its payload. */
  botId?: number;
  payload?: string;
  /** Channel subscriptions: the channel and the subscription link. */
  chatId?: number;
  inviteLink?: string;
  subscriptionPeriod?: number;
  subscriptionExpirationDate?: number;
  /** The first payment's charge id, shared by every renewal of one subscription. */
  subscriptionId?: string;
  isRecurring?: boolean;
  isFirstRecurring?: boolean;
  /** editUserStarSubscription(is_canceled: true): the subscription will not renew. */
  canceledByBot?: boolean;
  refundedAt?: number;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomCode(length: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (b) => ALPHABET[b % ALPHABET.length]).join('');
}

export class PaymentLedger {
  readonly invoices = new Map<string, InvoiceRecord>();
  readonly queries = new Map<string, PreCheckoutRecord>();
  readonly payments: StarPaymentRecord[] = [];
  private queryCounter = 1;

  static messageKey(botId: number, chatId: number, messageId: number): string {
    return `message:${botId}:${chatId}:${messageId}`;
  }

  addInvoice(invoice: InvoiceRecord): void {
    if (invoice.link) this.invoices.set(`link:${invoice.link}`, invoice);
    else if (invoice.chatId !== undefined && invoice.messageId !== undefined) {
      this.invoices.set(PaymentLedger.messageKey(invoice.botId, invoice.chatId, invoice.messageId), invoice);
    }
  }

  invoiceByLink(link: string): InvoiceRecord | undefined {
    return this.invoices.get(`link:${link}`);
  }

  nextQueryId(): string {
    return `${this.queryCounter++}${Math.floor(Math.random() * 1e9)}`;
  }

  /** Telegram's charge ids are opaque strings; these keep the shape of the real ones ("stxAbC..."). */
  newChargeId(): string {
    return `stx${randomCode(40)}`;
  }

  payment(chargeId: string): StarPaymentRecord | undefined {
    return this.payments.find((p) => p.telegramPaymentChargeId === chargeId);
  }

  clear(): void {
    for (const query of this.queries.values()) query.settle?.({ ok: false, errorMessage: 'emulator reset' });
    this.invoices.clear();
    this.queries.clear();
    this.payments.length = 0;
  }
}
