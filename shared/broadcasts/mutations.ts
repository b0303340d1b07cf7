/** Args of the broadcast draft mutations of the offline outbox (docs/offline-sync.md#rule-3). */
import { z } from 'zod';
import { mutationId as id, requireClientId } from '../sync/mutation-args.ts';
import { createBroadcastFieldsSchema, updateBroadcastInputSchema, withContentRules } from './schemas.ts';

export const broadcastMutationArgs = {
  /**
   * POST /broadcasts with the client's id, as a DRAFT only: scheduling and sending need the server (a schedule
   * replayed later could already be past), so the offline form has no scheduledFor.
   */
  'broadcast.create': requireClientId('broadcast')(z.object({ broadcast: withContentRules(createBroadcastFieldsSchema.omit({ scheduledFor: true })) })),
  /** PATCH /broadcasts/{id} without scheduledFor: content, bot and audience of a DRAFT, SCHEDULED or FAILED broadcast. */
  'broadcast.update': z.object({ broadcastId: id, changes: updateBroadcastInputSchema.omit({ scheduledFor: true }) }),
  /** DELETE /broadcasts/{id} (any status but SENDING). */
  'broadcast.delete': z.object({ broadcastId: id }),
} as const;
