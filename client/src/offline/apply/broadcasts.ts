/**
 * Broadcast drafts written offline (docs/decisions.md#broadcast-screens). Broadcasts are not synced tables: the
 * screens read the server (TanStack Query) and lay the still-queued `broadcast.*` entries over its answer
 * (features/broadcasts/utils/local-drafts.ts), so the optimistic state IS the outbox entry and these applies write
 * no rows. A refused entry leaves the queue at once, which takes its effect back on every screen.
 */
import type { ApplyFn } from './types.ts';

export const applyBroadcastCreate: ApplyFn<'broadcast.create'> = async () => {};
export const applyBroadcastUpdate: ApplyFn<'broadcast.update'> = async () => {};
export const applyBroadcastDelete: ApplyFn<'broadcast.delete'> = async () => {};
