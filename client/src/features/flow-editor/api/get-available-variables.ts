/**
 * GET /flows/{id}/available-variables (docs/decisions.md#d-flow-variables): the variables a flow can use, as the server knows them. The
 * panel works without it: offline, or until it answers, the suggestions are the shared list (no error toast, the
 * fallback is complete enough to go on editing).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { variablesResponseSchema, type VariableHint } from '@shared/flows/variables.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const availableVariablesKey = (flowId: string) => [...queryKeys.flows.all, 'available-variables', flowId] as const;

export async function getAvailableVariables(flowId: string): Promise<VariableHint[]> {
  const body = await api.get(`/flows/${encodeURIComponent(flowId)}/available-variables`, { schema: variablesResponseSchema });
  return body.data.variables;
}

export const availableVariablesQueryOptions = (flowId: string) =>
  queryOptions({ queryKey: availableVariablesKey(flowId), queryFn: () => getAvailableVariables(flowId), staleTime: 5 * 60_000 });

export const useAvailableVariables = (flowId: string) => useQuery(availableVariablesQueryOptions(flowId));
