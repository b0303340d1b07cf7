/** Args of the flow editor's node and connection mutations of the offline outbox (docs/offline-sync.md#rule-3). */
import { z } from 'zod';
import { mutationId as id, requireClientId } from '../sync/mutation-args.ts';
import { createConnectionInputSchema, createNodeInputSchema, positionSchema, updateNodeInputSchema } from './graph.ts';

export const graphMutationArgs = {
  /** POST /flows/nodes with a client-generated id. */
  'node.create': requireClientId('node')(z.object({ node: createNodeInputSchema })),
  /** PUT /flows/nodes/{id}: label, config, order, position. */
  'node.update': z.object({ nodeId: id, changes: updateNodeInputSchema }),
  /** The positions of nodes of one flow moved together (a drag, arrows, Organizar), last writer wins per node (docs/product.md#state-flow-editor). */
  'node.savePositions': z.object({ flowId: id, positions: z.array(z.object({ nodeId: id, position: positionSchema })).max(5000) }),
  /** DELETE /flows/nodes/{id} (its connections go with it). */
  'node.delete': z.object({ nodeId: id }),
  /** POST /flows/connections with a client-generated id. */
  'connection.create': requireClientId('connection')(z.object({ connection: createConnectionInputSchema })),
  /** DELETE /flows/connections/{id}. */
  'connection.delete': z.object({ connectionId: id }),
} as const;
