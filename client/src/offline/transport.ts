/** The replayer's wire: the sync endpoints through the app's API client (its single-flight token refresh included). */
import { pullResponseSchema, pushResponseSchema } from '../../../shared/sync/protocol.ts';
import { api } from '../lib/api.ts';
import { ApiError } from '../lib/api-client.ts';
import type { FailureKind, SyncTransport } from './replayer.ts';

export const httpTransport: SyncTransport = {
  async push(mutations) {
    return (await api.post('/sync/push', { mutations }, { schema: pushResponseSchema })).data;
  },
  async pull(cursor) {
    return (await api.get(`/sync/pull?cursor=${cursor}`, { schema: pullResponseSchema })).data;
  },
};

/**
 * No answer at all is "offline". A 401 that survived the client's refresh means the session is over: replay waits
 * for the next sign-in (the outbox stays). Anything else (5xx, a proxy page) is retried on the timer.
 */
export function classifyFailure(error: unknown): FailureKind {
  if (error instanceof ApiError) {
    if (error.sessionExpired || error.status === 401) return 'paused';
    if (error.status === 0) return 'offline';
  }
  return 'retry';
}
