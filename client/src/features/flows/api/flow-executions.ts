/**
 * The runs of each flow, for the list's cards: GET /flows answers them with the summaries (the offline cache holds
 * the flows, not their runs). Read again when the window regains focus and every 30 s while the list is open;
 * offline the last answer stays, and before any a card shows a dash.
 */
import { useQuery } from '@tanstack/react-query';
import { flowListResponseSchema } from '@shared/flows/schemas.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const flowExecutionsKey = [...queryKeys.flows.all, 'executions'] as const;

async function getExecutionCounts(): Promise<ReadonlyMap<string, number>> {
  const body = await api.get('/flows', { schema: flowListResponseSchema });
  return new Map(body.data.flows.map((flow) => [flow.id, flow.executionCount]));
}

export function useFlowExecutionCounts() {
  return useQuery({ queryKey: flowExecutionsKey, queryFn: getExecutionCounts, staleTime: 10_000, refetchInterval: 30_000, refetchOnWindowFocus: true });
}
