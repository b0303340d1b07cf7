import { queryOptions, useQuery } from '@tanstack/react-query';
import { flowsResponseSchema, type FlowSummary } from '../../../../../shared/flows/schemas.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { FLOW_TOASTS } from './flow-texts.ts';

export async function getFlows(botId?: string): Promise<FlowSummary[]> {
  const query = botId ? `?botId=${encodeURIComponent(botId)}` : '';
  const body = await api.get(`/flows${query}`, { schema: flowsResponseSchema, fallbackMessage: FLOW_TOASTS.loadError });
  return body.data.flows;
}

export const flowsQueryOptions = (botId?: string) =>
  queryOptions({
    queryKey: queryKeys.flows.list(botId),
    queryFn: () => getFlows(botId),
    meta: { errorMessage: FLOW_TOASTS.loadError },
  });

export function useFlows(botId?: string) {
  return useQuery(flowsQueryOptions(botId));
}
