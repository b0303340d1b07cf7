// The invoice fields sendInvoice and createInvoiceLink share, checked as Telegram checks invoices in Stars: the
// emulator has no payment providers, so only currency "XTR" with an empty provider_token is accepted; prices hold
// exactly one item of 1-100000 Stars; a subscription (createInvoiceLink only) lasts 2592000 s and costs at most
// 10000 Stars per period.
import { badRequest } from '../core/bot-api-error.ts';
import type { InvoiceRecord } from '../core/payments.ts';
import { SUBSCRIPTION_PERIOD, MAX_SUBSCRIPTION_PRICE } from './methods-invite-links.ts';
import type { MethodCall } from './method-call.ts';

export const MAX_STARS_AMOUNT = 100_000;

function requiredText(call: MethodCall, field: string, max: number): string {
  const value = call.params.optString(field) ?? '';
  if (value === '') throw badRequest(`parameter "${field}" is required`);
  if (value.length > max) throw badRequest(`${field.toUpperCase()}_INVALID`);
  return value;
}

function readAmount(call: MethodCall): number {
  const prices = call.params.optJson('prices', 'prices');
  if (!Array.isArray(prices)) throw badRequest('parameter "prices" is required');
  if (prices.length !== 1) throw badRequest('STARS_INVOICE_INVALID');
  const [price]: unknown[] = prices;
  const amount = typeof price === 'object' && price !== null && 'amount' in price ? Number(price.amount) : Number.NaN;
  if (!Number.isInteger(amount) || amount < 1 || amount > MAX_STARS_AMOUNT) throw badRequest('CURRENCY_TOTAL_AMOUNT_INVALID');
  return amount;
}

export function readInvoice(call: MethodCall, allowSubscription: boolean): Omit<InvoiceRecord, 'chatId' | 'messageId' | 'link'> {
  const title = requiredText(call, 'title', 32);
  const description = requiredText(call, 'description', 255);
  const payload = call.params.optString('payload') ?? '';
  const payloadBytes = new TextEncoder().encode(payload).length;
  if (payloadBytes < 1 || payloadBytes > 128) throw badRequest('INVOICE_PAYLOAD_INVALID');
  const currency = call.params.optString('currency') ?? '';
  if (currency !== 'XTR' || (call.params.optString('provider_token') ?? '') !== '') throw badRequest('PAYMENT_PROVIDER_INVALID');
  const amount = readAmount(call);
  // Telegram ignores parameters a method does not have: sendInvoice has no subscription_period.
  const period = allowSubscription ? call.params.optInt('subscription_period') : undefined;
  if (period !== undefined && period !== SUBSCRIPTION_PERIOD) throw badRequest('SUBSCRIPTION_PERIOD_INVALID');
  if (period !== undefined && amount > MAX_SUBSCRIPTION_PRICE) throw badRequest('SUBSCRIPTION_AMOUNT_INVALID');
  return {
    botId: call.bot.user.id, title, description, payload, currency, amount,
    ...(period !== undefined ? { subscriptionPeriod: period } : {}),
  };
}
