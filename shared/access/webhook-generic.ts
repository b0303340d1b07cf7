/**
 * The generic purchase webhook: the body any Pix gateway or checkout sends to a plan's generic URL, signed with the
 * plan's webhookSecret as `X-Canalize-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
 * (server/src/lib/signature.ts; older than 5 minutes → refused as a replay).
 *
 * ```json
 * {"event": "purchase.approved", "transactionId": "pix-000123", "buyer": {"email": "ana@example.com",
 *  "name": "Ana Lima", "phone": "+55 31 98888-7777"}, "amount": 97.9, "currency": "BRL",
 *  "paidUntil": "2026-12-31T23:59:59-03:00"}
 * ```
 *
 * - `transactionId`: the sender's id of this charge; each renewal is its own charge with its own id. Deliveries are
 *   idempotent by (transactionId, event): a retry changes nothing.
 * - `amount`: in the currency's units, a JSON number (97.9 is R$ 97,90); more than two decimals round half up to
 *   the cent. `currency`: ISO 4217, BRL when absent.
 * - `paidUntil`: ISO 8601 with a zone, or a date (that whole day, Brasília time); absent → the plan's duration.
 * - Optional fields may be absent, null or empty. Unknown fields are ignored.
 */
import { z } from 'zod';
import { storableString } from '../api/storable-text.ts';
import type { PurchaseKind } from './webhook-event.ts';
import { PURCHASE_EVENT_LIMITS, purchaseEmailSchema, purchaseInstantSchema } from './webhook-event.ts';
import { WEBHOOK_TEXTS } from './webhook-texts.ts';

export const GENERIC_WEBHOOK_EVENTS = [
  'purchase.approved',
  'purchase.refunded',
  'purchase.chargeback',
  'subscription.renewed',
  'subscription.canceled',
] as const;
export type GenericWebhookEvent = (typeof GENERIC_WEBHOOK_EVENTS)[number];

export const GENERIC_EVENT_KINDS = {
  'purchase.approved': 'approved',
  'purchase.refunded': 'refunded',
  'purchase.chargeback': 'chargeback',
  'subscription.renewed': 'renewed',
  'subscription.canceled': 'canceled',
} as const satisfies Record<GenericWebhookEvent, PurchaseKind>;

export const GENERIC_DEFAULT_CURRENCY = 'BRL';

const optionalText = (max: number, error: string) => storableString({ error }).trim().max(max, { error }).nullish();

export const genericWebhookBodySchema = z.object({
  event: z.enum(GENERIC_WEBHOOK_EVENTS, { error: WEBHOOK_TEXTS.eventInvalid }),
  transactionId: storableString({ error: WEBHOOK_TEXTS.transactionInvalid })
    .trim()
    .min(1, { error: WEBHOOK_TEXTS.transactionInvalid })
    .max(PURCHASE_EVENT_LIMITS.idMax, { error: WEBHOOK_TEXTS.transactionInvalid }),
  buyer: z.object(
    {
      email: purchaseEmailSchema,
      name: optionalText(PURCHASE_EVENT_LIMITS.nameMax, WEBHOOK_TEXTS.textInvalid),
      phone: storableString({ error: WEBHOOK_TEXTS.phoneInvalid })
        .trim()
        .regex(/^(\+?[\d\s().-]{8,30})?$/, { error: WEBHOOK_TEXTS.phoneInvalid })
        .nullish(),
    },
    { error: WEBHOOK_TEXTS.buyerInvalid },
  ),
  amount: z
    .number({ error: WEBHOOK_TEXTS.amountInvalid })
    .min(0, { error: WEBHOOK_TEXTS.amountInvalid })
    .max(PURCHASE_EVENT_LIMITS.amountCentsMax / 100, { error: WEBHOOK_TEXTS.amountInvalid })
    .nullish(),
  currency: z
    .string({ error: WEBHOOK_TEXTS.currencyInvalid })
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{3})?$/, { error: WEBHOOK_TEXTS.currencyInvalid })
    .nullish(),
  paidUntil: z
    .union([purchaseInstantSchema, z.iso.date({ error: WEBHOOK_TEXTS.dateInvalid })], { error: WEBHOOK_TEXTS.dateInvalid })
    .nullish(),
  /** The `src` the checkout link carried (the funnel script's visit), when the checkout passes it on. */
  src: optionalText(PURCHASE_EVENT_LIMITS.idMax, WEBHOOK_TEXTS.textInvalid),
});

export type GenericWebhookBody = z.infer<typeof genericWebhookBodySchema>;
