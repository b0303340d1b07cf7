/** The broadcast draft mutations of a sync push: the service calls of POST, PATCH and DELETE /broadcasts, never scheduled. */
import type { broadcastMutationArgs } from '@shared/broadcasts/mutations.ts';
import type { ServerMutationsOf } from '../sync/mutation.ts';
import * as broadcasts from './service.ts';

export const broadcastMutations: ServerMutationsOf<keyof typeof broadcastMutationArgs> = {
  'broadcast.create': { run: (deps, userId, a) => broadcasts.createBroadcast(deps, userId, { ...a.broadcast, scheduledFor: undefined }) },
  'broadcast.update': { run: (deps, userId, a) => broadcasts.updateBroadcast(deps, userId, a.broadcastId, { ...a.changes, scheduledFor: undefined }) },
  'broadcast.delete': { run: (deps, userId, a) => broadcasts.deleteBroadcast(deps, userId, a.broadcastId) },
};
