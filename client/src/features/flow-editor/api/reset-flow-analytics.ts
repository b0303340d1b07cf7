import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FlowAnalytics } from '@shared/flows/executions.ts';
import { api } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { EDITOR_TOASTS } from './editor-texts.ts';
import { flowAnalyticsKey } from './get-flow-analytics.ts';

/** POST /analytics/flows/{id}/reset (docs/product.md#api-analytics): clears the flow's history, visits and clicks. */
export async function resetFlowAnalytics(flowId: string): Promise<void> {
  await api.post(`/analytics/flows/${encodeURIComponent(flowId)}/reset`, undefined, { fallbackMessage: EDITOR_TOASTS.resetStatsError });
}

/** The chip shows zeros at once; the refetch that follows brings whatever ran in the meantime. */
export function useResetFlowAnalytics(flowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetFlowAnalytics(flowId),
    meta: { errorMessage: EDITOR_TOASTS.resetStatsError },
    onSuccess: async () => {
      toast.success(EDITOR_TOASTS.resetStatsSuccess);
      queryClient.setQueryData<FlowAnalytics>(flowAnalyticsKey(flowId), (current) =>
        current && { ...current, executionCount: 0, completedCount: 0, failedCount: 0, totalVisits: 0, nodes: [] },
      );
      await queryClient.invalidateQueries({ queryKey: flowAnalyticsKey(flowId) });
    },
  });
}
