// A user paying a bot in Telegram Stars, as the app does it: pressing Pay on an invoice message or opening an
// invoice link sends the bot a pre_checkout_query; the payment goes through only if the bot answers ok within the
// timeout (Telegram: 10 s), and then the bot receives a message with successful_payment. Renewals of a subscription
// invoice arrive as new successful_payment messages without a pre-checkout query.
import type { SuccessfulPayment } from 'grammy/types';
import type { EmulatorCore } from '../core/emulator-core.ts';
import { PaymentLedger, randomCode, type InvoiceRecord, type PreCheckoutAnswer, type PreCheckoutRecord, type StarPaymentRecord } from '../core/payments.ts';
import { privateChatOf } from '../core/serialize.ts';
import type { Message, User } from '../core/types.ts';
import { ControlError, findBot, findChat, findUser } from './control-setup.ts';

export interface PayInvoiceInput {
  userId: number;
  /** An invoice message: in the private chat with `bot`, or in the group `chatId`. */
  messageId?: number;
  bot?: string;
  chatId?: number;
  /** Or an invoice link from createInvoiceLink. */
  invoiceLink?: string;
}

export type PayInvoiceOutcome =
  | { status: 'paid'; telegramPaymentChargeId: string; providerPaymentChargeId: string; message: Message; subscriptionExpirationDate?: number }
  | { status: 'declined'; errorMessage: string }
  /** No answer in time; `delivered` is false when the bot's allowed_updates left pre_checkout_query out. */
  | { status: 'timeout'; delivered: boolean };

function findInvoice(core: EmulatorCore, input: PayInvoiceInput): InvoiceRecord {
  const { payments, world } = core;
  if (input.invoiceLink !== undefined) {
    const invoice = payments.invoiceByLink(input.invoiceLink);
    if (!invoice) throw new ControlError(`no invoice has the link ${input.invoiceLink}`);
    return invoice;
  }
  if (input.messageId === undefined) throw new ControlError('payInvoice needs messageId (with bot or chatId) or invoiceLink');
  const botId = input.bot !== undefined ? findBot(core, input.bot).user.id
    : input.chatId !== undefined ? findChat(core, input.chatId).messages.get(input.messageId)?.senderBotId : undefined;
  const chatId = input.chatId ?? input.userId;
  const invoice = botId !== undefined ? payments.invoices.get(PaymentLedger.messageKey(botId, chatId, input.messageId)) : undefined;
  if (!invoice || !world.users.has(input.userId)) throw new ControlError(`message ${input.messageId} in chat ${chatId} is not an invoice`);
  return invoice;
}

function askBot(core: EmulatorCore, invoice: InvoiceRecord, user: User): { answer: Promise<PreCheckoutAnswer | 'timeout'>; delivered: boolean } {
  const query: PreCheckoutRecord = { id: core.payments.nextQueryId(), botId: invoice.botId, userId: user.id, invoice };
  core.payments.queries.set(query.id, query);
  const timeoutMs = core.options.preCheckoutTimeoutMs ?? 10_000;
  const answer = new Promise<PreCheckoutAnswer | 'timeout'>((resolve) => {
    const finish = (result: PreCheckoutAnswer | 'timeout'): void => {
      clearTimeout(timer);
      // Answered or expired: a later answerPreCheckoutQuery gets Telegram's "query is too old".
      delete query.settle;
      if (result !== 'timeout') query.answer = result;
      resolve(result);
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    query.settle = finish;
  });
  const delivered = core.deliver(invoice.botId, {
    pre_checkout_query: { id: query.id, from: user, currency: invoice.currency, total_amount: invoice.amount, invoice_payload: invoice.payload },
  }) !== undefined;
  return { answer, delivered };
}

/** Records the payment and posts the successful_payment service message in the user's chat with the bot. */
function settlePayment(core: EmulatorCore, user: User, payment: Omit<StarPaymentRecord, 'telegramPaymentChargeId' | 'providerPaymentChargeId' | 'date' | 'currency' | 'kind'>): { record: StarPaymentRecord; message: Message } {
  const botId = payment.botId ?? 0;
  const record: StarPaymentRecord = {
    ...payment, kind: 'invoice', currency: 'XTR', date: core.world.unixTime(),
    telegramPaymentChargeId: core.payments.newChargeId(), providerPaymentChargeId: `${user.id}_${randomCode(12)}`,
  };
  core.payments.payments.push(record);
  const successful: SuccessfulPayment = {
    currency: 'XTR', total_amount: record.amount, invoice_payload: record.payload ?? '',
    telegram_payment_charge_id: record.telegramPaymentChargeId, provider_payment_charge_id: record.providerPaymentChargeId,
    ...(record.subscriptionExpirationDate !== undefined ? { subscription_expiration_date: record.subscriptionExpirationDate } : {}),
    ...(record.isRecurring ? { is_recurring: true as const } : {}),
    ...(record.isFirstRecurring ? { is_first_recurring: true as const } : {}),
  };
  const dialog = core.world.dialog(botId, user.id);
  dialog.started = true;
  const message: Message = { message_id: dialog.nextMessageId++, from: user, chat: privateChatOf(user), date: record.date, successful_payment: successful };
  dialog.messages.set(message.message_id, { message });
  core.deliver(botId, { message });
  return { record, message };
}

export async function payInvoice(core: EmulatorCore, input: PayInvoiceInput): Promise<PayInvoiceOutcome> {
  const user = findUser(core, input.userId);
  const invoice = findInvoice(core, input);
  core.sent.markAction();
  const asking = askBot(core, invoice, user);
  const answer = await asking.answer;
  if (answer === 'timeout') return { status: 'timeout', delivered: asking.delivered };
  if (!answer.ok) return { status: 'declined', errorMessage: answer.errorMessage };
  const period = invoice.subscriptionPeriod;
  const { record, message } = settlePayment(core, user, {
    botId: invoice.botId, userId: user.id, amount: invoice.amount, payload: invoice.payload,
    ...(period !== undefined ? { subscriptionPeriod: period, subscriptionExpirationDate: core.world.unixTime() + period, isRecurring: true, isFirstRecurring: true } : {}),
  });
  if (period !== undefined) record.subscriptionId = record.telegramPaymentChargeId;
  return {
    status: 'paid', telegramPaymentChargeId: record.telegramPaymentChargeId, providerPaymentChargeId: record.providerPaymentChargeId, message,
    ...(record.subscriptionExpirationDate !== undefined ? { subscriptionExpirationDate: record.subscriptionExpirationDate } : {}),
  };
}

/** The next period of a subscription invoice is charged: a new successful_payment with is_recurring. */
export function renewBotSubscription(core: EmulatorCore, input: { telegramPaymentChargeId: string }): { telegramPaymentChargeId: string; subscriptionExpirationDate: number; message: Message } {
  const first = core.payments.payment(input.telegramPaymentChargeId);
  if (!first?.subscriptionId) throw new ControlError(`${input.telegramPaymentChargeId} is not a subscription payment`);
  const chain = core.payments.payments.filter((p) => p.subscriptionId === first.subscriptionId);
  const last = chain[chain.length - 1] ?? first;
  if (last.canceledByBot) throw new ControlError('the bot canceled this subscription (editUserStarSubscription): it does not renew');
  core.sent.markAction();
  const { record, message } = settlePayment(core, findUser(core, last.userId), {
    ...(last.botId !== undefined ? { botId: last.botId } : {}), userId: last.userId, amount: last.amount,
    ...(last.payload !== undefined ? { payload: last.payload } : {}),
    subscriptionPeriod: last.subscriptionPeriod ?? 0, subscriptionId: first.subscriptionId, isRecurring: true,
    subscriptionExpirationDate: (last.subscriptionExpirationDate ?? core.world.unixTime()) + (last.subscriptionPeriod ?? 0),
  });
  return { telegramPaymentChargeId: record.telegramPaymentChargeId, subscriptionExpirationDate: record.subscriptionExpirationDate ?? 0, message };
}

export interface PaymentFilter {
  bot?: string;
  userId?: number;
  chatId?: number;
}

export function starPayments(core: EmulatorCore, filter: PaymentFilter = {}): StarPaymentRecord[] {
  const botId = filter.bot !== undefined ? findBot(core, filter.bot).user.id : undefined;
  return core.payments.payments.filter((p) =>
    (botId === undefined || p.botId === botId) && (filter.userId === undefined || p.userId === filter.userId) &&
    (filter.chatId === undefined || p.chatId === filter.chatId));
}
