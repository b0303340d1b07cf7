import { z } from 'zod';
import type { Sql } from '../../db/client.ts';
import { flowSummarySchema, type FlowSummary } from '../../../../shared/flows/schemas.ts';
import * as repo from './repository.ts';

export type FlowsDeps = { sql: Sql };

/** Optional list filters: by bot (bot details quick action) and by channel (part 1 §7 `?channelId`). */
export const flowListQuerySchema = z.object({
  botId: z.uuid({ error: 'Bot inválido' }).optional(),
  channelId: z.string().regex(/^-?\d+$/, { error: 'Canal inválido' }).optional(),
});

export const toFlowSummary = (row: repo.FlowRow): FlowSummary =>
  flowSummarySchema.parse({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

export async function listFlows(
  deps: FlowsDeps,
  userId: string,
  filter: z.infer<typeof flowListQuerySchema>,
): Promise<FlowSummary[]> {
  return (await repo.listFlows(deps.sql, userId, filter)).map(toFlowSummary);
}
