/**
 * The funnel API (docs/product.md#api-funnels) through TanStack Query. Funnels are not in the offline cache: the
 * screen reads the server and every change needs a connection. The create form reads bots, their channels and the
 * pixels fresh from the server too (a channel's rights decide whether the bot can make the invite link). Answers are
 * parsed with the shared schemas; a failed change toasts the server's message, else the docs' text.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { botsResponseSchema, channelsResponseSchema } from '@shared/bots/schemas.ts';
import {
  FUNNEL_TOASTS,
  funnelCreatedResponseSchema,
  funnelMetricsResponseSchema,
  funnelResponseSchema,
  funnelsResponseSchema,
  type CreateFunnelInput,
  type MetricsDays,
  type UpdateFunnelInput,
} from '@shared/funnels/schemas.ts';
import { pixelsResponseSchema } from '@shared/pixels/schemas.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useEntityMutation } from '../../../lib/use-entity-mutation.ts';

const deletedSchema = z.object({ success: z.literal(true) });

export const funnelRequests = {
  list: async () => (await api.get('/funnels', { schema: funnelsResponseSchema, fallbackMessage: FUNNEL_TOASTS.loadListFailed })).data.funnels,
  create: async (input: CreateFunnelInput) =>
    (await api.post('/funnels', input, { schema: funnelCreatedResponseSchema, fallbackMessage: FUNNEL_TOASTS.createFailed })).data,
  update: async (id: string, input: UpdateFunnelInput) =>
    (await api.request(`/funnels/${id}`, { method: 'PUT', body: input, schema: funnelResponseSchema, fallbackMessage: FUNNEL_TOASTS.updateFailed })).data.funnel,
  remove: async (id: string) => {
    await api.request(`/funnels/${id}`, { method: 'DELETE', schema: deletedSchema, fallbackMessage: FUNNEL_TOASTS.deleteFailed });
  },
  metrics: async (id: string, days: MetricsDays, timeZone: string) => {
    const params = new URLSearchParams({ days: String(days), tz: timeZone });
    return (await api.get(`/funnels/${id}/metrics?${params}`, { schema: funnelMetricsResponseSchema, fallbackMessage: FUNNEL_TOASTS.metricsFailed })).data.metrics;
  },
  bots: async () => (await api.get('/bots', { schema: botsResponseSchema, fallbackMessage: FUNNEL_TOASTS.loadBotsFailed })).data.bots,
  channels: async (botId: string) =>
    (await api.get(`/bots/${botId}/channels`, { schema: channelsResponseSchema, fallbackMessage: FUNNEL_TOASTS.loadChannelsFailed })).data.channels,
  pixels: async () => (await api.get('/pixels', { schema: pixelsResponseSchema, fallbackMessage: FUNNEL_TOASTS.loadPixelsFailed })).data.pixels,
};

/** The figures move while the screen is open: live events refresh it (hooks/use-live-funnels.ts); focus and a slow interval are the fallback. */
const LIST_REFRESH_MS = 60_000;

export function useFunnels({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.funnels.list(),
    queryFn: funnelRequests.list,
    enabled,
    refetchOnWindowFocus: 'always',
    refetchInterval: LIST_REFRESH_MS,
    meta: { errorMessage: FUNNEL_TOASTS.loadListFailed },
  });
}

export function useFunnelMetrics(id: string, days: MetricsDays, timeZone: string) {
  return useQuery({
    queryKey: queryKeys.funnels.metrics(id, days, timeZone),
    queryFn: () => funnelRequests.metrics(id, days, timeZone),
    placeholderData: keepPreviousData,
    meta: { errorMessage: FUNNEL_TOASTS.metricsFailed },
  });
}

/** The create form's choices; fetched while the form is open. */
export function useFunnelFormOptions(botId: string) {
  const bots = useQuery({ queryKey: queryKeys.funnels.bots(), queryFn: funnelRequests.bots, meta: { errorMessage: FUNNEL_TOASTS.loadBotsFailed } });
  const channels = useQuery({
    queryKey: queryKeys.funnels.channels(botId),
    queryFn: () => funnelRequests.channels(botId),
    enabled: botId !== '',
    meta: { errorMessage: FUNNEL_TOASTS.loadChannelsFailed },
  });
  // Same list as the /pixels screen; its failure has the funnels' text ('Erro ao carregar pixels Meta').
  const pixels = useQuery({ queryKey: queryKeys.pixels.list(), queryFn: funnelRequests.pixels, meta: { errorMessage: FUNNEL_TOASTS.loadPixelsFailed } });
  return { bots, channels, pixels };
}

export const useCreateFunnel = () =>
  useEntityMutation({ call: funnelRequests.create, failed: FUNNEL_TOASTS.createFailed, succeeded: FUNNEL_TOASTS.created, invalidates: queryKeys.funnels.all });

export const useUpdateFunnel = () =>
  useEntityMutation({
    call: ({ id, input }: { id: string; input: UpdateFunnelInput }) => funnelRequests.update(id, input),
    failed: FUNNEL_TOASTS.updateFailed,
    succeeded: FUNNEL_TOASTS.updated,
    invalidates: queryKeys.funnels.all,
  });

export const useDeleteFunnel = () =>
  useEntityMutation({ call: funnelRequests.remove, failed: FUNNEL_TOASTS.deleteFailed, succeeded: FUNNEL_TOASTS.deleted, invalidates: queryKeys.funnels.all });
