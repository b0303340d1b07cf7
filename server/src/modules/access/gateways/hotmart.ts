/**
 * Hotmart webhook, version 2.0.0 (developers.hotmart.com/docs/pt-BR/2.0.0/webhook/purchase-webhook/ and
 * /cancel-subscription-webhook/): JSON `{id, creation_date, event, version, data}`, authenticated only by the
 * `X-HOTMART-HOTTOK` header carrying the account's hottok (no body signature, so no replay window either: the
 * idempotency key is what makes a replay harmless). Version 1.0.0 is form-encoded and not supported.
 *
 * Mapping: PURCHASE_APPROVED and PURCHASE_COMPLETE (the guarantee period ended) → approved, or renewed when
 * `purchase.recurrence_number` > 1; both name the same transaction, so COMPLETE after APPROVED is a duplicate.
 * PURCHASE_REFUNDED → refunded, PURCHASE_CHARGEBACK → chargeback, PURCHASE_CANCELED (never paid, e.g. card refused)
 * → canceled, PURCHASE_DELAYED (recurring charge overdue) → late, SUBSCRIPTION_CANCELLATION → canceled with
 * paidUntil = date_next_charge (access runs to the end of the paid period). PURCHASE_PROTEST (a refund request or
 * dispute) is ignored until Hotmart confirms a refund or chargeback. Each recurring charge has its own transaction
 * code, so `purchase.transaction` alone keys a charge.
 */
import type { PurchaseKind } from '@shared/access/webhook-event.ts';
import { WEBHOOK_TEXTS } from '@shared/access/webhook-texts.ts';
import { secretsEqual } from '../../../lib/crypto.ts';
import { toInstant } from './instant.ts';
import { currencyCode, unitsToCents } from './money.ts';
import { normalizePhone } from './phone.ts';
import { finishEvent, ignored, parseJsonObject, unauthorized, unprocessable, type GatewayParser, type GatewayParseResult } from './result.ts';
import { at, text, type JsonRecord } from './values.ts';

const PURCHASE_KINDS = new Map<string, PurchaseKind>([
  ['PURCHASE_APPROVED', 'approved'],
  ['PURCHASE_COMPLETE', 'approved'],
  ['PURCHASE_REFUNDED', 'refunded'],
  ['PURCHASE_CHARGEBACK', 'chargeback'],
  ['PURCHASE_CANCELED', 'canceled'],
  ['PURCHASE_DELAYED', 'late'],
]);

const IGNORED = new Map<string, string>([
  ['PURCHASE_BILLET_PRINTED', WEBHOOK_TEXTS.ignoredAwaitingPayment],
  ['PURCHASE_EXPIRED', WEBHOOK_TEXTS.ignoredNotPaid],
  ['PURCHASE_PROTEST', WEBHOOK_TEXTS.ignoredDispute],
  ['PURCHASE_OUT_OF_SHOPPING_CART', WEBHOOK_TEXTS.ignoredAbandonedCart],
  ['SWITCH_PLAN', WEBHOOK_TEXTS.ignoredSubscriptionChange],
  ['UPDATE_SUBSCRIPTION_CHARGE_DATE', WEBHOOK_TEXTS.ignoredSubscriptionChange],
  ['CLUB_FIRST_ACCESS', WEBHOOK_TEXTS.ignoredNotPurchase],
  ['CLUB_MODULE_COMPLETED', WEBHOOK_TEXTS.ignoredNotPurchase],
  ['ORDER_FULFILLMENT', WEBHOOK_TEXTS.ignoredNotPurchase],
]);

const PURCHASE_SOURCES = {
  transactionId: 'data.purchase.transaction',
  productId: 'data.product.id',
  productName: 'data.product.name',
  'buyer.email': 'data.buyer.email',
  'buyer.name': 'data.buyer.name',
  subscriptionId: 'data.subscription.subscriber.code',
};

const CANCELLATION_SOURCES = {
  transactionId: 'data.subscriber.code',
  productId: 'data.product.id',
  productName: 'data.product.name',
  'buyer.email': 'data.subscriber.email',
  'buyer.name': 'data.subscriber.name',
  subscriptionId: 'data.subscriber.code',
};

function purchaseEvent(body: JsonRecord, kind: PurchaseKind): GatewayParseResult {
  const data = at(body, 'data');
  const purchase = at(data, 'purchase');
  const recurrence = at(purchase, 'recurrence_number');
  const isRenewal = typeof recurrence === 'number' && recurrence > 1;
  const grants = kind === 'approved';
  return finishEvent(
    {
      gateway: 'hotmart',
      kind: grants && isRenewal ? 'renewed' : kind,
      transactionId: text(at(purchase, 'transaction')),
      productId: text(at(data, 'product', 'id')),
      productName: text(at(data, 'product', 'name')),
      buyer: {
        email: text(at(data, 'buyer', 'email')),
        name: text(at(data, 'buyer', 'name')),
        phone: normalizePhone(at(data, 'buyer', 'checkout_phone')),
      },
      amountCents: unitsToCents(at(purchase, 'price', 'value')),
      currency: currencyCode(at(purchase, 'price', 'currency_value')),
      paidUntil: grants ? toInstant(at(purchase, 'date_next_charge')) : undefined,
      occurredAt: toInstant(at(purchase, 'approved_date')) ?? toInstant(at(body, 'creation_date')),
      subscriptionId: text(at(data, 'subscription', 'subscriber', 'code')),
      trackingSource: text(at(purchase, 'origin', 'src')) ?? text(at(purchase, 'origin', 'sck')),
    },
    PURCHASE_SOURCES,
  );
}

/** A cancellation carries no transaction: the subscriber code plus the cancellation instant keys it. */
function cancellationEvent(body: JsonRecord): GatewayParseResult {
  const data = at(body, 'data');
  const code = text(at(data, 'subscriber', 'code'));
  const cancelledAt = toInstant(at(data, 'cancellation_date')) ?? toInstant(at(body, 'creation_date'));
  const phone = at(data, 'subscriber', 'phone');
  return finishEvent(
    {
      gateway: 'hotmart',
      kind: 'canceled',
      transactionId: code === undefined ? undefined : `${code}:${cancelledAt ?? 'cancelamento'}`,
      productId: text(at(data, 'product', 'id')),
      productName: text(at(data, 'product', 'name')),
      buyer: {
        email: text(at(data, 'subscriber', 'email')),
        name: text(at(data, 'subscriber', 'name')),
        phone: normalizePhone(`${text(at(phone, 'dddCell')) ?? ''}${text(at(phone, 'cell')) ?? ''}`),
      },
      amountCents: unitsToCents(at(data, 'actual_recurrence_value')),
      paidUntil: toInstant(at(data, 'date_next_charge')),
      occurredAt: cancelledAt,
      subscriptionId: code,
    },
    CANCELLATION_SOURCES,
  );
}

export const parseHotmart: GatewayParser = (delivery, hottok) => {
  if (hottok === '') return unauthorized(WEBHOOK_TEXTS.secretNotConfigured);
  const received = delivery.headers.get('x-hotmart-hottok')?.trim() ?? '';
  if (received === '') return unauthorized(WEBHOOK_TEXTS.hottokMissing);
  if (!secretsEqual(received, hottok)) return unauthorized(WEBHOOK_TEXTS.hottokMismatch);
  const json = parseJsonObject(delivery.rawBody);
  if (!json.ok) return json.result;
  const version = text(json.body.version);
  if (version !== undefined && !version.startsWith('2')) return unprocessable(WEBHOOK_TEXTS.versionUnsupported(version));
  const event = text(json.body.event);
  if (event === undefined) return unprocessable(WEBHOOK_TEXTS.fieldProblem('event', WEBHOOK_TEXTS.required));
  const ignoredReason = IGNORED.get(event);
  if (ignoredReason !== undefined) return ignored(ignoredReason);
  if (event === 'SUBSCRIPTION_CANCELLATION') return cancellationEvent(json.body);
  const kind = PURCHASE_KINDS.get(event);
  return kind === undefined ? unprocessable(WEBHOOK_TEXTS.eventUnknown(event)) : purchaseEvent(json.body, kind);
};
