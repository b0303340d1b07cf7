/**
 * A purchase event as every gateway's webhook becomes it (server/src/modules/access/gateways/): the one shape the
 * access lifecycle consumes, whatever sent it. Idempotency is (gateway, transactionId, kind): gateways retry, and a
 * transaction legitimately produces several kinds over its life (approved, then refunded).
 *
 * - `transactionId` is the gateway's id of the charge (Hotmart transaction, Kiwify order_id, Eduzz invoice id); each
 *   renewal of a subscription is its own charge. `subscriptionId` ties the charges of one subscription together.
 * - `amountCents` is the amount × 100 in `currency` (integer, exact: 97.9 → 9790), whatever the currency.
 * - `paidUntil` is when the paid period ends, when the gateway says so (subscriptions); otherwise the plan's
 *   duration applies. `occurredAt` is when the gateway says the event happened.
 * - `trackingSource` is the `src` of the checkout link (a funnel visit, when the funnel script added it).
 * - `buyer.email` is trimmed and lower-cased; `buyer.phone` is digits with the country code (5511999998888).
 */
import { z } from 'zod';
import { storableString } from '../api/storable-text.ts';
import { WEBHOOK_TEXTS } from './webhook-texts.ts';

export const PURCHASE_GATEWAYS = ['hotmart', 'kiwify', 'eduzz', 'generic'] as const;
export type PurchaseGateway = (typeof PURCHASE_GATEWAYS)[number];

export const PURCHASE_KINDS = ['approved', 'refunded', 'chargeback', 'renewed', 'canceled', 'late'] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];

export const PURCHASE_EVENT_LIMITS = {
  idMax: 200,
  nameMax: 300,
  /** E.164: at most 15 digits; fewer than 8 is no reachable number anywhere. */
  phoneDigitsMin: 8,
  phoneDigitsMax: 15,
  /** R$ 10 bilhões: beyond any real purchase, well inside a safe integer. */
  amountCentsMax: 1_000_000_000_000,
} as const;

const text = (max: number, error: string) => storableString({ error }).trim().min(1, { error }).max(max, { error });

export const purchaseEmailSchema = storableString({ error: WEBHOOK_TEXTS.emailInvalid })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: WEBHOOK_TEXTS.emailInvalid }).max(254, { error: WEBHOOK_TEXTS.emailInvalid }));

export const purchaseInstantSchema = z.iso.datetime({ offset: true, error: WEBHOOK_TEXTS.dateInvalid });

export const purchaseEventSchema = z.object({
  gateway: z.enum(PURCHASE_GATEWAYS),
  kind: z.enum(PURCHASE_KINDS),
  transactionId: text(PURCHASE_EVENT_LIMITS.idMax, WEBHOOK_TEXTS.transactionInvalid),
  productId: text(PURCHASE_EVENT_LIMITS.idMax, WEBHOOK_TEXTS.textInvalid).optional(),
  productName: text(PURCHASE_EVENT_LIMITS.nameMax, WEBHOOK_TEXTS.textInvalid).optional(),
  buyer: z.object(
    {
      email: purchaseEmailSchema,
      name: text(PURCHASE_EVENT_LIMITS.nameMax, WEBHOOK_TEXTS.textInvalid).optional(),
      phone: z
        .string({ error: WEBHOOK_TEXTS.phoneInvalid })
        .regex(new RegExp(`^\\d{${PURCHASE_EVENT_LIMITS.phoneDigitsMin},${PURCHASE_EVENT_LIMITS.phoneDigitsMax}}$`), {
          error: WEBHOOK_TEXTS.phoneInvalid,
        })
        .optional(),
    },
    { error: WEBHOOK_TEXTS.buyerInvalid },
  ),
  amountCents: z
    .number({ error: WEBHOOK_TEXTS.amountInvalid })
    .int({ error: WEBHOOK_TEXTS.amountInvalid })
    .min(0, { error: WEBHOOK_TEXTS.amountInvalid })
    .max(PURCHASE_EVENT_LIMITS.amountCentsMax, { error: WEBHOOK_TEXTS.amountInvalid })
    .optional(),
  currency: z
    .string({ error: WEBHOOK_TEXTS.currencyInvalid })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: WEBHOOK_TEXTS.currencyInvalid })
    .optional(),
  paidUntil: purchaseInstantSchema.optional(),
  occurredAt: purchaseInstantSchema.optional(),
  subscriptionId: text(PURCHASE_EVENT_LIMITS.idMax, WEBHOOK_TEXTS.textInvalid).optional(),
  /**
   * The checkout link's `src` as the gateway hands it back: the funnel script puts the visit there
   * (modules/tracking/script.ts). Advisory: an unreadable one is dropped, never a refusal.
   */
  trackingSource: z.string().trim().min(1).max(PURCHASE_EVENT_LIMITS.idMax).optional().catch(undefined),
});

export type PurchaseEvent = z.infer<typeof purchaseEventSchema>;
