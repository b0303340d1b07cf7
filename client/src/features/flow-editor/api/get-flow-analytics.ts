/**
 * GET /analytics/flows/{id} (docs/product.md#api-analytics): executions, visits and button clicks, computed by the server on every
 * call. One query feeds the header chip, every card's visit badge and the send_buttons click counts (through
 * node-figures-context). While the editor is
 * open the figures refresh every 15 s (and when the window regains focus) so a running flow can be watched.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { flowAnalyticsResponseSchema, type FlowAnalytics } from '@shared/flows/executions.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const REFRESH_MS = 15_000;

export const flowAnalyticsKey = (flowId: string) => [...queryKeys.flows.all, 'analytics', flowId] as const;

export async function getFlowAnalytics(flowId: string): Promise<FlowAnalytics> {
  const body = await api.get(`/analytics/flows/${encodeURIComponent(flowId)}`, { schema: flowAnalyticsResponseSchema });
  return body.data.analytics;
}

export const flowAnalyticsQueryOptions = (flowId: string) =>
  queryOptions({
    queryKey: flowAnalyticsKey(flowId),
    queryFn: () => getFlowAnalytics(flowId),
    staleTime: 5_000,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });

export const useFlowAnalytics = (flowId: string) => useQuery(flowAnalyticsQueryOptions(flowId));

export type NodeFigures = FlowAnalytics['nodes'][number];
