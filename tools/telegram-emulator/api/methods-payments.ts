// Payments in Telegram Stars: invoices (sendInvoice, createInvoiceLink), the bot's answer to a pre-checkout query,
// refunds, the bot's transaction history and cancelling a subscription's renewal. The user's side (paying) is the
// control API's payInvoice.
import type { StarTransaction, TransactionPartnerUser } from 'grammy/types';
import { badRequest } from '../core/bot-api-error.ts';
import { randomCode, type StarPaymentRecord } from '../core/payments.ts';
import { privateChatOf } from '../core/serialize.ts';
import { sendTarget } from './chat-access.ts';
import { readInvoice } from './invoice-params.ts';
import { postBotMessage, takeRateSlot, type MethodCall, type MethodHandler } from './method-call.ts';
import { readReplyMarkup } from './reply-markup.ts';

const OLD_QUERY = 'query is too old and response timeout expired or query ID is invalid';

const sendInvoice: MethodHandler = (call) => {
  const target = sendTarget(call.core, call.bot, call.params.chatId());
  const invoice = readInvoice(call, false);
  const markup = readReplyMarkup(call.params);
  takeRateSlot(call, target);
  const message = postBotMessage(call, target, {
    invoice: {
      title: invoice.title, description: invoice.description, start_parameter: call.params.optString('start_parameter') ?? '',
      currency: invoice.currency, total_amount: invoice.amount,
    },
    ...(markup?.inline ? { reply_markup: markup.inline } : {}),
  }, { text: invoice.title, ...(markup ? { reply_markup: markup.raw } : {}) }, 'sendInvoice');
  call.core.payments.addInvoice({ ...invoice, chatId: target.chatId, messageId: message.message_id });
  return message;
};

const createInvoiceLink: MethodHandler = (call) => {
  const link = `https://t.me/$${randomCode(22)}`;
  call.core.payments.addInvoice({ ...readInvoice(call, true), link });
  return link;
};

const answerPreCheckoutQuery: MethodHandler = (call) => {
  const query = call.core.payments.queries.get(call.params.optString('pre_checkout_query_id') ?? '');
  if (!query || query.botId !== call.bot.user.id || !query.settle) throw badRequest(OLD_QUERY);
  const errorMessage = call.params.optString('error_message') ?? '';
  if (!call.params.bool('ok') && errorMessage === '') throw badRequest('ERROR_MESSAGE_EMPTY');
  query.settle(call.params.bool('ok') ? { ok: true } : { ok: false, errorMessage });
  return true;
};

function ownPayment(call: MethodCall): StarPaymentRecord {
  const userId = call.params.int('user_id', 'user_id is empty');
  if (!call.core.world.users.has(userId)) throw badRequest('USER_ID_INVALID');
  const payment = call.core.payments.payment(call.params.optString('telegram_payment_charge_id') ?? '');
  if (!payment || payment.kind !== 'invoice' || payment.botId !== call.bot.user.id || payment.userId !== userId) {
    throw badRequest('CHARGE_ID_INVALID');
  }
  return payment;
}

// The user sees the refund as a refunded_payment service message in the bot's chat; the bot receives it too.
const refundStarPayment: MethodHandler = (call) => {
  const { core, bot } = call;
  const payment = ownPayment(call);
  if (payment.refundedAt !== undefined) throw badRequest('CHARGE_ALREADY_REFUNDED');
  payment.refundedAt = core.world.unixTime();
  const user = core.world.userOrThrow(payment.userId);
  const dialog = core.world.dialog(bot.user.id, user.id);
  const message = {
    message_id: dialog.nextMessageId++, from: user, chat: privateChatOf(user), date: payment.refundedAt,
    refunded_payment: {
      currency: payment.currency, total_amount: payment.amount, invoice_payload: payment.payload ?? '',
      telegram_payment_charge_id: payment.telegramPaymentChargeId, provider_payment_charge_id: payment.providerPaymentChargeId,
    },
  };
  dialog.messages.set(message.message_id, { message });
  core.deliver(bot.user.id, { message });
  return true;
};

const editUserStarSubscription: MethodHandler = (call) => {
  const payment = ownPayment(call);
  if (!payment.subscriptionId) throw badRequest('CHARGE_ID_INVALID');
  for (const renewal of call.core.payments.payments) {
    if (renewal.subscriptionId === payment.subscriptionId) renewal.canceledByBot = call.params.bool('is_canceled');
  }
  return true;
};

function transactionsOf(call: MethodCall): StarTransaction[] {
  const { core, bot } = call;
  const list: { at: number; transaction: StarTransaction }[] = [];
  for (const payment of core.payments.payments) {
    if (payment.kind !== 'invoice' || payment.botId !== bot.user.id) continue;
    const partner: TransactionPartnerUser = {
      type: 'user', transaction_type: 'invoice_payment', user: core.world.userOrThrow(payment.userId),
      ...(payment.payload !== undefined ? { invoice_payload: payment.payload } : {}),
      ...(payment.subscriptionPeriod !== undefined ? { subscription_period: payment.subscriptionPeriod } : {}),
    };
    const base = { id: payment.telegramPaymentChargeId, amount: payment.amount };
    list.push({ at: payment.date, transaction: { ...base, date: payment.date, source: partner } });
    if (payment.refundedAt !== undefined) list.push({ at: payment.refundedAt, transaction: { ...base, date: payment.refundedAt, receiver: partner } });
  }
  return list.sort((a, b) => a.at - b.at).map((entry) => entry.transaction);
}

const getStarTransactions: MethodHandler = (call) => {
  const offset = call.params.optInt('offset') ?? 0;
  const limit = call.params.optInt('limit') ?? 100;
  if (limit < 1 || limit > 100) throw badRequest('limit must be between 1 and 100');
  return { transactions: transactionsOf(call).slice(Math.max(0, offset), Math.max(0, offset) + limit) };
};

export const paymentMethods: Record<string, MethodHandler> = {
  sendInvoice,
  createInvoiceLink,
  answerPreCheckoutQuery,
  refundStarPayment,
  editUserStarSubscription,
  getStarTransactions,
};
