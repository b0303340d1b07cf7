/**
 * Revenue of paid access by day (docs/product.md#acessos): GET /api/access/revenue?days=7|30|90&tz=<IANA>&planId=<id>.
 * One row per local day of the window (days without sales are zeros): what was charged in reais that day, what was
 * refunded or charged back that day (apart, on the day it happened), how many charges, and the Stars received.
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { activityQuerySchema, ACTIVITY_DAYS } from '../dashboard/schemas.ts';

export const REVENUE_DAYS = ACTIVITY_DAYS;

export const accessRevenueQuerySchema = activityQuerySchema.extend({
  planId: z.uuid({ error: 'Plano não encontrado' }).optional(),
});

const amount = z.number().int().nonnegative();

export const revenueDaySchema = z.object({
  /** YYYY-MM-DD, the day in the caller's time zone. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Charges in reais paid that day, in cents, refunded ones included (the sale happened). */
  revenueCents: amount,
  /** Charges in reais refunded or charged back that day, in cents. */
  refundedCents: amount,
  /** Charges of the day, any currency. */
  sales: amount,
  /** Telegram Stars paid that day (never converted to reais). */
  stars: amount,
});

export const accessRevenueSchema = z.object({
  days: z.number().int(),
  timeZone: z.string(),
  planId: z.string().nullable(),
  series: z.array(revenueDaySchema),
});

export const accessRevenueResponseSchema = successEnvelope(z.object({ revenue: accessRevenueSchema }));

export type AccessRevenueQuery = z.output<typeof accessRevenueQuerySchema>;
export type RevenueDay = z.infer<typeof revenueDaySchema>;
export type AccessRevenue = z.infer<typeof accessRevenueSchema>;
