import { z } from 'zod';

/** The success envelope of docs/decisions.md#d-api-conventions: `{ success: true, data }`. */
export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data });

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /**
   * Present (true) only when the total was not counted to the end: `total` is a lower bound ("1 000+"), and there
   * may be pages past `totalPages` (contact searches, docs/decisions.md#p-contacts).
   */
  totalCapped: z.boolean().optional(),
});

/** The failure envelope: a SCREAMING_SNAKE code, a pt-BR message and optional per-field details. */
export const failureEnvelopeSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.string()).optional(),
});

export type FailureEnvelope = z.infer<typeof failureEnvelopeSchema>;
