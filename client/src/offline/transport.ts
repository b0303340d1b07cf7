/** The replayer's wire: the sync endpoints through the app's API client (its single-flight token refresh included). */
import { pullResponseSchema, pushResponseSchema } from '@shared/sync/protocol.ts';
import { api } from '../lib/api.ts';
import { ApiError } from '../lib/api-client.ts';
import { isWorkspaceLost, leaveLostWorkspace } from '../lib/workspace.ts';
import type { FailureKind, SyncTransport } from './replayer.ts';

/**
 * A request on a dead link the browser still calls online could hang for minutes while this tab holds the outbox
 * lock; past this it counts as offline and the replayer tries again later (a push that did land answers
 * alreadyApplied then).
 */
export const SYNC_REQUEST_TIMEOUT_MS = 30_000;

export const httpTransport: SyncTransport = {
  async push(mutations) {
    try {
      return (await api.post('/sync/push', { mutations }, { schema: pushResponseSchema, signal: AbortSignal.timeout(SYNC_REQUEST_TIMEOUT_MS) })).data;
    } catch (error) {
      if (!isWorkspaceLost(error) || !(error instanceof ApiError)) throw error;
      // Removed from the workspace: every queued change is refused, visibly (never replayed with rights that are gone).
      void leaveLostWorkspace();
      return { lastMutationId: 0, results: mutations.map(({ mutationId }) => ({ mutationId, status: 'failed' as const, code: error.code, message: error.message })) };
    }
  },
  async pull(cursor) {
    return (await api.get(`/sync/pull?cursor=${cursor}`, { schema: pullResponseSchema, signal: AbortSignal.timeout(SYNC_REQUEST_TIMEOUT_MS) })).data;
  },
};

/**
 * No answer at all is "offline". A 401 that survived the client's refresh means the session is over: replay waits
 * for the next sign-in (the outbox stays). Anything else (5xx, a proxy page) is retried on the timer.
 */
export function classifyFailure(error: unknown): FailureKind {
  if (error instanceof ApiError) {
    if (error.sessionExpired || error.status === 401) return 'paused';
    // Removed from the workspace: its engine stops here; the shell moves to the member's own workspace.
    if (isWorkspaceLost(error)) return 'paused';
    if (error.status === 0) return 'offline';
  }
  return 'retry';
}
