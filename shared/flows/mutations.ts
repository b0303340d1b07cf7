/** Args of the flow mutations of the offline outbox (docs/offline-sync.md#rule-3); the graph's are in graph-mutations.ts. */
import { z } from 'zod';
import { mutationId as id, requireClientId } from '../sync/mutation-args.ts';
import { createFlowInputSchema, updateFlowInputSchema } from './schemas.ts';

export const flowMutationArgs = {
  /** POST /flows with a client-generated id (required here: the client already shows the flow). */
  'flow.create': requireClientId('flow')(z.object({ flow: createFlowInputSchema })),
  /** PUT /flows/{id}: rename, description, trigger, contexts. */
  'flow.update': z.object({ flowId: id, changes: updateFlowInputSchema }),
  /** PATCH /flows/{id}/toggle with an explicit state, so a replay sets rather than flips. */
  'flow.setEnabled': z.object({ flowId: id, enabled: z.boolean() }),
  /** DELETE /flows/{id}. */
  'flow.delete': z.object({ flowId: id }),
} as const;
