/**
 * Per-member figures of the dashboard (GET /api/dashboard/members?days=7|30): for each member of the workspace,
 * over the last `days` days, conversations assigned to them, conversations they resolved, and the median of their
 * first response times (server/src/modules/dashboard/member-figures-repository.ts defines each precisely).
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { roleSchema } from '../team/schemas.ts';

export const MEMBER_FIGURE_DAYS = [7, 30] as const;
const DAYS_TEXT = 'Período inválido: use 7 ou 30 dias';

export const memberFiguresQuerySchema = z.object({
  days: z.coerce
    .number({ error: DAYS_TEXT })
    .refine((value) => value === 7 || value === 30, { error: DAYS_TEXT })
    .default(7),
});

export const memberFigureSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: roleSchema,
  assigned: z.number().int(),
  resolved: z.number().int(),
  /** Null: no first response in the period. */
  medianFirstResponseSeconds: z.number().nullable(),
  /** How many first responses the median is taken over. */
  responses: z.number().int(),
});
export type MemberFigure = z.infer<typeof memberFigureSchema>;

export const memberFiguresResponseSchema = successEnvelope(z.object({ days: z.number().int(), members: z.array(memberFigureSchema) }));
