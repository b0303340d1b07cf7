/**
 * Kiwify order webhook (docs.kiwify.com.br/api-reference/webhooks/receiving and /subscription-events): JSON with the
 * order at the root (`order_id`, `order_status`, `webhook_event_type`, `Product`, `Customer`, `Commissions`,
 * `Subscription`, `subscription_id`), signed by `?signature=` = hex HMAC-SHA1 of the raw body keyed with the
 * webhook's token. Some deliveries wrap the order in `{"order": {…}}`; both are read.
 *
 * Every charge of a subscription is a new order (`order_id`), the subscription keeps `subscription_id`. A paid
 * renewal sends both order_approved and subscription_renewed for the same order: an order_approved whose
 * subscription already has more than one completed charge is read as renewed too, so the pair is one idempotency
 * key. paidUntil is `Subscription.customer_access.access_until` (the end of the paid period; on subscription_canceled
 * access runs to it), else `Subscription.next_payment`. Amounts (`Commissions.charge_amount`) are already cents.
 */
import type { PurchaseKind } from '@shared/access/webhook-event.ts';
import { WEBHOOK_TEXTS } from '@shared/access/webhook-texts.ts';
import { hexSignatureFailure } from './hmac-hex.ts';
import { toInstant } from './instant.ts';
import { centsValue, currencyCode } from './money.ts';
import { normalizePhone } from './phone.ts';
import { finishEvent, ignored, parseJsonObject, unprocessable, type GatewayParser, type GatewayParseResult } from './result.ts';
import { at, firstText, isRecord, text, type JsonRecord } from './values.ts';

// The panel names triggers in Portuguese (compra_aprovada); deliveries carry the English names. Both are read.
const KINDS = new Map<string, PurchaseKind>([
  ['order_approved', 'approved'],
  ['compra_aprovada', 'approved'],
  ['order_refunded', 'refunded'],
  ['compra_reembolsada', 'refunded'],
  ['chargeback', 'chargeback'],
  ['subscription_renewed', 'renewed'],
  ['subscription_late', 'late'],
  ['subscription_canceled', 'canceled'],
]);

const IGNORED = new Map<string, string>([
  ['billet_created', WEBHOOK_TEXTS.ignoredAwaitingPayment],
  ['boleto_gerado', WEBHOOK_TEXTS.ignoredAwaitingPayment],
  ['pix_created', WEBHOOK_TEXTS.ignoredAwaitingPayment],
  ['pix_gerado', WEBHOOK_TEXTS.ignoredAwaitingPayment],
  ['order_rejected', WEBHOOK_TEXTS.ignoredNotPaid],
  ['compra_recusada', WEBHOOK_TEXTS.ignoredNotPaid],
  ['abandoned_cart', WEBHOOK_TEXTS.ignoredAbandonedCart],
  ['carrinho_abandonado', WEBHOOK_TEXTS.ignoredAbandonedCart],
]);

/** Without webhook_event_type (older deliveries) the order status decides. */
const STATUS_KINDS = new Map<string, PurchaseKind>([
  ['paid', 'approved'],
  ['refunded', 'refunded'],
  ['chargedback', 'chargeback'],
]);
const STATUS_IGNORED = new Map<string, string>([
  ['waiting_payment', WEBHOOK_TEXTS.ignoredAwaitingPayment],
  ['processing', WEBHOOK_TEXTS.ignoredAwaitingPayment],
  ['authorized', WEBHOOK_TEXTS.ignoredAwaitingPayment],
  ['refused', WEBHOOK_TEXTS.ignoredNotPaid],
]);

const SOURCES = {
  transactionId: 'order_id',
  productId: 'Product.product_id',
  productName: 'Product.product_name',
  'buyer.email': 'Customer.email',
  'buyer.name': 'Customer.full_name',
  subscriptionId: 'subscription_id',
};

/** The order field that dates each kind; the others fall back to updated_at. */
const OCCURRED_FIELD: Partial<Record<PurchaseKind, string>> = { approved: 'approved_date', renewed: 'approved_date', refunded: 'refunded_at' };

const unwrap = (body: JsonRecord): JsonRecord =>
  isRecord(body.order) && body.webhook_event_type === undefined && body.order_id === undefined ? body.order : body;

function readKind(order: JsonRecord): { kind: PurchaseKind } | { result: GatewayParseResult } {
  const event = text(order.webhook_event_type);
  const status = text(order.order_status);
  const name = event ?? status;
  if (name === undefined) return { result: unprocessable(WEBHOOK_TEXTS.fieldProblem('webhook_event_type', WEBHOOK_TEXTS.required)) };
  const kind = event === undefined ? STATUS_KINDS.get(name) : KINDS.get(name);
  if (kind !== undefined) return { kind };
  const reason = event === undefined ? STATUS_IGNORED.get(name) : IGNORED.get(name);
  return { result: reason === undefined ? unprocessable(WEBHOOK_TEXTS.eventUnknown(name)) : ignored(reason) };
}

function toEvent(order: JsonRecord, declared: PurchaseKind): GatewayParseResult {
  const subscription = order.Subscription;
  const completed = at(subscription, 'charges', 'completed');
  const kind = declared === 'approved' && Array.isArray(completed) && completed.length > 1 ? 'renewed' : declared;
  const keepsAccess = kind !== 'refunded' && kind !== 'chargeback';
  const dateField = OCCURRED_FIELD[kind];
  const accessUntil = toInstant(at(subscription, 'customer_access', 'access_until'), { endOfDay: true });
  return finishEvent(
    {
      gateway: 'kiwify',
      kind,
      transactionId: text(order.order_id),
      productId: firstText(at(order, 'Product', 'product_id'), order.product_id),
      productName: firstText(at(order, 'Product', 'product_name'), order.product_name),
      buyer: {
        email: text(at(order, 'Customer', 'email')),
        name: firstText(at(order, 'Customer', 'full_name'), at(order, 'Customer', 'first_name')),
        phone: normalizePhone(at(order, 'Customer', 'mobile')),
      },
      amountCents: centsValue(at(order, 'Commissions', 'charge_amount')),
      currency: currencyCode(at(order, 'Commissions', 'currency')) ?? currencyCode(at(order, 'Commissions', 'product_base_price_currency')),
      paidUntil: keepsAccess ? (accessUntil ?? (kind === 'canceled' ? undefined : toInstant(at(subscription, 'next_payment')))) : undefined,
      occurredAt: (dateField === undefined ? undefined : toInstant(order[dateField])) ?? toInstant(order.updated_at) ?? toInstant(order.created_at),
      subscriptionId: firstText(order.subscription_id, at(subscription, 'id')),
      trackingSource: firstText(at(order, 'TrackingParameters', 'src'), at(order, 'TrackingParameters', 'sck')),
    },
    SOURCES,
  );
}

export const parseKiwify: GatewayParser = (delivery, token) => {
  const refused = hexSignatureFailure('sha1', token, delivery.rawBody, delivery.query.get('signature'));
  if (refused) return refused;
  const json = parseJsonObject(delivery.rawBody);
  if (!json.ok) return json.result;
  const order = unwrap(json.body);
  const read = readKind(order);
  return 'kind' in read ? toEvent(order, read.kind) : read.result;
};
