import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getFlowGraph } from './editor-api.ts';
import { EDITOR_TOASTS } from './editor-texts.ts';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * Always read fresh and never kept: the editor copies the graph into its own state once, and a cached copy would
 * show an older graph when the flow is opened again.
 */
export const flowGraphQueryOptions = (flowId: string) =>
  queryOptions({
    queryKey: queryKeys.flows.detail(flowId),
    queryFn: () => getFlowGraph(flowId),
    staleTime: 0,
    gcTime: 0,
    // A missing flow has its own screen ('Fluxo não encontrado'); any other failure gets the toast.
    meta: { errorMessage: EDITOR_TOASTS.loadError },
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status < 500),
  });

export const useFlowGraph = (flowId: string) => useQuery(flowGraphQueryOptions(flowId));
