/**
 * Query keys of what TanStack Query still fetches: one-off server reads that the offline cache does not hold (the
 * editor's graph). Lists, bots, channels and welcome messages are read from Dexie (client/src/offline).
 */
export const queryKeys = {
  flows: {
    all: ['flows'] as const,
    detail: (flowId: string) => [...queryKeys.flows.all, 'detail', flowId] as const,
  },
  /** Meta pixels: server-only (not in the offline cache); the funnel form's pixel select reads the same list. */
  pixels: {
    all: ['pixels'] as const,
    list: () => [...queryKeys.pixels.all, 'list'] as const,
  },
  /** Funnels and their metrics: server-only; the create form reads bots and channels fresh from the server. */
  funnels: {
    all: ['funnels'] as const,
    list: () => [...queryKeys.funnels.all, 'list'] as const,
    metrics: (funnelId: string, days: number, timeZone: string) => [...queryKeys.funnels.all, 'metrics', funnelId, days, timeZone] as const,
    bots: () => [...queryKeys.funnels.all, 'form', 'bots'] as const,
    channels: (botId: string) => [...queryKeys.funnels.all, 'form', 'channels', botId] as const,
  },
  /** Outgoing webhooks and their delivery logs: server-only. */
  webhooks: {
    all: ['webhooks'] as const,
    list: () => [...queryKeys.webhooks.all, 'list'] as const,
    deliveries: (webhookId: string) => [...queryKeys.webhooks.all, 'deliveries', webhookId] as const,
  },
};
