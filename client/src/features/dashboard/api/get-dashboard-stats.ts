/**
 * Dashboard statistics (part 1 §2): derived on the client from the bot, channel and flow lists, as the product
 * always did. A single bot whose channels cannot be read counts as zero channels instead of failing the whole card
 * row (part 1 §8); failing bot or flow lists fail the query, which toasts 'Erro ao carregar estatísticas'.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { botsResponseSchema, channelsResponseSchema, type Bot } from '../../../../../shared/bots/schemas.ts';
import { flowsResponseSchema } from '../../../../../shared/flows/schemas.ts';
import { api } from '../../../lib/api.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const DASHBOARD_STATS_ERROR = 'Erro ao carregar estatísticas';

export type DashboardStats = { totalBots: number; activeBots: number; totalChannels: number; totalFlows: number };

export const dashboardKeys = {
  all: queryKeys.dashboard,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
};

type Reader = Pick<ApiClient, 'get'>;

export async function getDashboardStats(client: Reader = api): Promise<DashboardStats> {
  const [botsBody, flowsBody] = await Promise.all([
    client.get('/bots', { schema: botsResponseSchema, fallbackMessage: DASHBOARD_STATS_ERROR }),
    client.get('/flows', { schema: flowsResponseSchema, fallbackMessage: DASHBOARD_STATS_ERROR }),
  ]);
  const bots = botsBody.data.bots;
  const channelCounts = await Promise.all(bots.map((bot) => countChannels(client, bot)));
  return {
    totalBots: bots.length,
    activeBots: bots.filter((bot) => bot.isActive).length,
    totalChannels: channelCounts.reduce((sum, count) => sum + count, 0),
    totalFlows: flowsBody.data.flows.length,
  };
}

async function countChannels(client: Reader, bot: Bot): Promise<number> {
  try {
    const body = await client.get(`/bots/${encodeURIComponent(bot.id)}/channels`, { schema: channelsResponseSchema });
    return body.data.channels.length;
  } catch {
    return 0;
  }
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.stats(),
    queryFn: () => getDashboardStats(),
    meta: { errorMessage: DASHBOARD_STATS_ERROR },
  });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
