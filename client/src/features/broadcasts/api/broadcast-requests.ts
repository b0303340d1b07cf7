/**
 * The broadcast API (docs/product.md#api-broadcasts) through TanStack Query: broadcasts are read from the server
 * (not cached offline, docs/decisions.md#broadcast-screens). Sending, cancelling, stopping and duplicating need the
 * server; drafts are written through the outbox (broadcast-writes.ts).
 */
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  broadcastProgressResponseSchema,
  broadcastRecipientsResponseSchema,
  broadcastResponseSchema,
  broadcastsResponseSchema,
  broadcastStatsResponseSchema,
} from '@shared/broadcasts/answers.ts';
import type { CreateBroadcastInput, UpdateBroadcastInput } from '@shared/broadcasts/schemas.ts';
import type { BroadcastStatus } from '@shared/broadcasts/status-machine.ts';
import { BROADCAST_LIMITS, BROADCAST_TOASTS } from '@shared/broadcasts/texts.ts';
import { api } from '../../../lib/api.ts';

export type BroadcastFilters = { page: number; botId?: string | undefined; status?: BroadcastStatus | undefined; search?: string | undefined };

export const broadcastKeys = {
  all: ['broadcasts'] as const,
  list: (filters: BroadcastFilters) => ['broadcasts', 'list', filters] as const,
  stats: (botId?: string) => ['broadcasts', 'stats', botId ?? null] as const,
  one: (id: string) => ['broadcasts', 'one', id] as const,
  /** The send question's fresh read of one broadcast (apart from `one`, which the detail screen follows). */
  audience: (id: string) => ['broadcasts', 'audience', id] as const,
  progress: (id: string) => ['broadcasts', 'progress', id] as const,
  recipients: (id: string, page: number, failuresOnly: boolean) => ['broadcasts', 'recipients', id, page, failuresOnly] as const,
};

export const listQuery = (filters: BroadcastFilters) =>
  queryOptions({
    queryKey: broadcastKeys.list(filters),
    queryFn: async () => {
      const params = new URLSearchParams({ page: String(filters.page), limit: String(BROADCAST_LIMITS.pageSize) });
      if (filters.botId) params.set('botId', filters.botId);
      if (filters.status) params.set('status', filters.status);
      if (filters.search?.trim()) params.set('search', filters.search.trim());
      const body = await api.get(`/broadcasts?${params}`, { schema: broadcastsResponseSchema, fallbackMessage: BROADCAST_TOASTS.loadListFailed });
      return { broadcasts: body.data.broadcasts, pagination: body.pagination };
    },
    placeholderData: keepPreviousData,
    retry: 1,
  });

export const statsQuery = () =>
  queryOptions({
    queryKey: broadcastKeys.stats(),
    queryFn: async () => (await api.get('/broadcasts/stats', { schema: broadcastStatsResponseSchema, fallbackMessage: BROADCAST_TOASTS.loadListFailed })).data.stats,
    retry: 1,
  });

export const fetchBroadcast = async (id: string) =>
  (await api.get(`/broadcasts/${id}`, { schema: broadcastResponseSchema, fallbackMessage: BROADCAST_TOASTS.loadFailed })).data.broadcast;

export const broadcastQuery = (id: string) => queryOptions({ queryKey: broadcastKeys.one(id), queryFn: () => fetchBroadcast(id), retry: false });

export function useBroadcastList(filters: BroadcastFilters, enabled = true) {
  return useQuery({ ...listQuery(filters), enabled });
}

export function useBroadcastStats(enabled = true) {
  return useQuery({ ...statsQuery(), enabled });
}

/** One broadcast; while it is SENDING it is read again every 2 s too, so counts and status follow the send. */
export function useBroadcast(id: string, { enabled = true, polling = false }: { enabled?: boolean; polling?: boolean } = {}) {
  return useQuery({ ...broadcastQuery(id), enabled, refetchInterval: polling ? BROADCAST_LIMITS.progressPollMs : false });
}

/** GET /progress every 2 s while SENDING (docs/product.md#state-broadcast); a failed poll is only logged. */
export function useBroadcastProgress(id: string, sending: boolean) {
  return useQuery({
    queryKey: broadcastKeys.progress(id),
    enabled: sending,
    refetchInterval: sending ? BROADCAST_LIMITS.progressPollMs : false,
    retry: false,
    queryFn: async () => {
      try {
        return (await api.get(`/broadcasts/${id}/progress`, { schema: broadcastProgressResponseSchema })).data.progress;
      } catch (error) {
        console.warn('Progresso do broadcast indisponível', error);
        return null;
      }
    },
  });
}

export function useBroadcastRecipients(id: string, page: number, failuresOnly: boolean, { enabled, polling }: { enabled: boolean; polling: boolean }) {
  return useQuery({
    queryKey: broadcastKeys.recipients(id, page, failuresOnly),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: polling ? BROADCAST_LIMITS.progressPollMs : false,
    retry: 1,
    queryFn: async () => {
      const params = new URLSearchParams({ page: String(page), limit: String(BROADCAST_LIMITS.recipientsPageSize) });
      if (failuresOnly) params.set('status', 'failed');
      const body = await api.get(`/broadcasts/${id}/recipients?${params}`, { schema: broadcastRecipientsResponseSchema, fallbackMessage: BROADCAST_TOASTS.loadFailed });
      return { recipients: body.data.recipients, pagination: body.pagination };
    },
  });
}

// ---- Server-side actions --------------------------------------------------------------------------------------

const one = broadcastResponseSchema;

export const broadcastActions = {
  create: async (input: CreateBroadcastInput) => (await api.post('/broadcasts', input, { schema: one, fallbackMessage: BROADCAST_TOASTS.saveFailed })).data.broadcast,
  update: async (id: string, input: UpdateBroadcastInput) =>
    (await api.request(`/broadcasts/${id}`, { method: 'PATCH', body: input, schema: one, fallbackMessage: BROADCAST_TOASTS.saveFailed })).data.broadcast,
  send: async (id: string) => (await api.post(`/broadcasts/${id}/send`, undefined, { schema: one, fallbackMessage: BROADCAST_TOASTS.sendFailed })).data.broadcast,
  cancel: async (id: string) => (await api.post(`/broadcasts/${id}/cancel`, undefined, { schema: one, fallbackMessage: BROADCAST_TOASTS.cancelFailed })).data.broadcast,
  stop: async (id: string) => (await api.post(`/broadcasts/${id}/stop`, undefined, { schema: one, fallbackMessage: BROADCAST_TOASTS.stopFailed })).data.broadcast,
  duplicate: async (id: string, name: string) =>
    (await api.post(`/broadcasts/${id}/duplicate`, { name }, { schema: one, fallbackMessage: BROADCAST_TOASTS.duplicateFailed })).data.broadcast,
};

/** After any change: the lists, the stats and the broadcasts themselves are read again. */
export function useRefreshBroadcasts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: broadcastKeys.all });
}
