/**
 * Eduzz subscription ("contrato") events: myeduzz.contract_updated and subscriptions.status_updated carry
 * `data.contract` with `status` and `recurrence`, and `data.customer`. Eduzz documents the shape but not the list of
 * statuses (its examples show upToDate and waitingPayment), so only statuses whose meaning is unambiguous change
 * access: cancelled ones → canceled (access runs to `recurrence.nextDue`, the end of what was paid) and late ones →
 * late. Every other status is acknowledged and ignored: a paid renewal arrives as its own myeduzz.invoice_paid.
 * A contract event has no charge id: the contract id plus the current due date keys it (one late or one
 * cancellation per billing period).
 */
import type { PurchaseKind } from '@shared/access/webhook-event.ts';
import { WEBHOOK_TEXTS } from '@shared/access/webhook-texts.ts';
import { toInstant } from './instant.ts';
import { currencyCode, unitsToCents } from './money.ts';
import { normalizePhone } from './phone.ts';
import { finishEvent, ignored, unprocessable, type GatewayParseResult } from './result.ts';
import { at, firstItem, text, type JsonRecord } from './values.ts';

const STATUS_KINDS = new Map<string, PurchaseKind>([
  ['canceled', 'canceled'],
  ['cancelled', 'canceled'],
  ['cancelado', 'canceled'],
  ['late', 'late'],
  ['delayed', 'late'],
  ['overdue', 'late'],
  ['atrasado', 'late'],
  ['suspended', 'late'],
]);

const SOURCES = {
  transactionId: 'data.contract.id',
  productId: 'data.products.0.id',
  productName: 'data.products.0.name',
  'buyer.email': 'data.customer.email',
  'buyer.name': 'data.customer.name',
  subscriptionId: 'data.contract.id',
};

/** Eduzz sends the phone as "+5531988887777" or as {countryCode, areaCode, number}. */
function contractPhone(phone: unknown): string | undefined {
  if (typeof phone === 'string') return normalizePhone(phone);
  const local = `${text(at(phone, 'areaCode')) ?? ''}${text(at(phone, 'number')) ?? ''}`;
  return normalizePhone(local, at(phone, 'countryCode'));
}

export function parseEduzzContract(body: JsonRecord): GatewayParseResult {
  const data = at(body, 'data');
  const contract = at(data, 'contract');
  const status = text(at(contract, 'status'));
  if (status === undefined) return unprocessable(WEBHOOK_TEXTS.fieldProblem('data.contract.status', WEBHOOK_TEXTS.required));
  const kind = STATUS_KINDS.get(status.toLowerCase());
  if (kind === undefined) return ignored(WEBHOOK_TEXTS.ignoredStatus(status));
  const recurrence = at(contract, 'recurrence');
  const contractId = text(at(contract, 'id'));
  const due = toInstant(at(recurrence, 'currentDue')) ?? toInstant(at(recurrence, 'previousDue')) ?? toInstant(at(contract, 'updatedAt'));
  const product = firstItem(at(data, 'products'));
  return finishEvent(
    {
      gateway: 'eduzz',
      kind,
      transactionId: contractId === undefined ? undefined : `${contractId}:${due ?? 'contrato'}`,
      productId: text(at(product, 'id')),
      productName: text(at(product, 'name')),
      buyer: {
        email: text(at(data, 'customer', 'email')),
        name: text(at(data, 'customer', 'name')),
        phone: contractPhone(at(data, 'customer', 'phone')),
      },
      amountCents: unitsToCents(at(recurrence, 'price', 'value')),
      currency: currencyCode(at(recurrence, 'price', 'currency')),
      paidUntil: kind === 'canceled' ? toInstant(at(recurrence, 'nextDue'), { endOfDay: true }) : undefined,
      occurredAt: toInstant(at(contract, 'updatedAt')) ?? toInstant(at(body, 'sentDate')),
      subscriptionId: contractId,
    },
    SOURCES,
  );
}
