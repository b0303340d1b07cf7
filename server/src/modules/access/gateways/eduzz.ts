/**
 * Eduzz webhook (github.com/eduzz/eduzz-webhook-docs, the "Webhook v3" of integrations.eduzz.com): JSON
 * `{id, event, sentDate, data}`, signed by the `x-signature` header = hex HMAC-SHA256 of the raw body keyed with the
 * chosen access key. Activating a configuration sends a `ping` that must be answered 2xx.
 *
 * Invoices ("faturas"): myeduzz.invoice_paid → approved, _refunded → refunded, _canceled → canceled, keyed by the
 * invoice id `data.id`; every charge of a subscription is its own invoice, so a renewal arrives as another
 * invoice_paid (approved; the lead extends an existing member). Eduzz documents no chargeback event: an invoice
 * event or status named chargeback is read as one should it come. Invoices still waiting (opened, waiting_payment,
 * scheduled, recovering, negotiated) or not paid (expired, refused, overdue) and waiting_refund are ignored.
 * Contract events are read by ./eduzz-contract.ts.
 */
import type { PurchaseKind } from '@shared/access/webhook-event.ts';
import { WEBHOOK_TEXTS } from '@shared/access/webhook-texts.ts';
import { parseEduzzContract } from './eduzz-contract.ts';
import { hexSignatureFailure } from './hmac-hex.ts';
import { toInstant } from './instant.ts';
import { currencyCode, unitsToCents } from './money.ts';
import { normalizePhone } from './phone.ts';
import { finishEvent, ignored, parseJsonObject, unprocessable, type GatewayParser, type GatewayParseResult } from './result.ts';
import { at, firstItem, firstText, text, type JsonRecord } from './values.ts';

const INVOICE_KINDS = new Map<string, PurchaseKind>([
  ['myeduzz.invoice_paid', 'approved'],
  ['myeduzz.invoice_refunded', 'refunded'],
  ['myeduzz.invoice_canceled', 'canceled'],
  ['myeduzz.invoice_chargeback', 'chargeback'],
]);

const CONTRACT_EVENTS = new Set(['myeduzz.contract_updated', 'myeduzz.contract_status_updated', 'subscriptions.status_updated']);

const IGNORED = new Map<string, string>([
  ['ping', WEBHOOK_TEXTS.ignoredPing],
  ['myeduzz.invoice_opened', WEBHOOK_TEXTS.ignoredAwaitingPayment],
  ['myeduzz.invoice_waiting_payment', WEBHOOK_TEXTS.ignoredAwaitingPayment],
  ['myeduzz.invoice_scheduled', WEBHOOK_TEXTS.ignoredAwaitingPayment],
  ['myeduzz.invoice_recovering', WEBHOOK_TEXTS.ignoredAwaitingPayment],
  ['myeduzz.invoice_negotiated', WEBHOOK_TEXTS.ignoredAwaitingPayment],
  ['myeduzz.invoice_expired', WEBHOOK_TEXTS.ignoredNotPaid],
  ['myeduzz.invoice_refused', WEBHOOK_TEXTS.ignoredNotPaid],
  ['myeduzz.invoice_overdue', WEBHOOK_TEXTS.ignoredNotPaid],
  ['myeduzz.invoice_waiting_refund', WEBHOOK_TEXTS.ignoredDispute],
  ['myeduzz.cart_abandonment', WEBHOOK_TEXTS.ignoredAbandonedCart],
  ['myeduzz.contract_created', WEBHOOK_TEXTS.ignoredSubscriptionChange],
  ['myeduzz.commission_processed', WEBHOOK_TEXTS.ignoredNotPurchase],
]);

/** Other Eduzz apps (members areas, events) share the webhook; none of their events is a payment. */
const OTHER_APPS = /^(nutror|blinket|alpaclass)\./;

const SOURCES = {
  transactionId: 'data.id',
  productId: 'data.items.0.productId',
  productName: 'data.items.0.name',
  'buyer.email': 'data.buyer.email',
  'buyer.name': 'data.buyer.name',
};

function invoiceEvent(body: JsonRecord, kind: PurchaseKind): GatewayParseResult {
  const data = at(body, 'data');
  const item = firstItem(at(data, 'items'));
  const dated = kind === 'refunded' ? at(data, 'refundedAt') : kind === 'approved' ? at(data, 'paidAt') : undefined;
  return finishEvent(
    {
      gateway: 'eduzz',
      kind,
      transactionId: text(at(data, 'id')),
      productId: text(at(item, 'productId')),
      productName: text(at(item, 'name')),
      buyer: {
        email: text(at(data, 'buyer', 'email')),
        name: text(at(data, 'buyer', 'name')),
        phone: normalizePhone(firstText(at(data, 'buyer', 'cellphone'), at(data, 'buyer', 'phone'), at(data, 'buyer', 'phone2'))),
      },
      amountCents: unitsToCents(at(data, 'price', 'value')),
      currency: currencyCode(at(data, 'price', 'currency')),
      occurredAt: toInstant(dated) ?? toInstant(at(body, 'sentDate')),
      subscriptionId: text(at(data, 'contract', 'id')),
      trackingSource: firstText(at(data, 'utm', 'src'), at(data, 'tracker')),
    },
    SOURCES,
  );
}

export const parseEduzz: GatewayParser = (delivery, secret) => {
  const refused = hexSignatureFailure('sha256', secret, delivery.rawBody, delivery.headers.get('x-signature'));
  if (refused) return refused;
  const json = parseJsonObject(delivery.rawBody);
  if (!json.ok) return json.result;
  const event = text(json.body.event);
  if (event === undefined) return unprocessable(WEBHOOK_TEXTS.fieldProblem('event', WEBHOOK_TEXTS.required));
  if (text(at(json.body, 'data', 'status')) === 'chargeback') return invoiceEvent(json.body, 'chargeback');
  const kind = INVOICE_KINDS.get(event);
  if (kind !== undefined) return invoiceEvent(json.body, kind);
  if (CONTRACT_EVENTS.has(event)) return parseEduzzContract(json.body);
  const reason = IGNORED.get(event) ?? (OTHER_APPS.test(event) ? WEBHOOK_TEXTS.ignoredNotPurchase : undefined);
  return reason === undefined ? unprocessable(WEBHOOK_TEXTS.eventUnknown(event)) : ignored(reason);
};
