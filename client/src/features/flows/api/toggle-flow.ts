import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flowResponseSchema, type FlowSummary } from '../../../../../shared/flows/schemas.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { FLOW_TOASTS, flowPath } from './flow-texts.ts';

/** The desired state is sent (not a bare flip): a retried or replayed request cannot undo itself. */
export async function toggleFlow({ flowId, enabled }: { flowId: string; enabled: boolean }): Promise<FlowSummary> {
  const body = await api.request(`${flowPath(flowId)}/toggle`, {
    method: 'PATCH',
    body: { enabled },
    schema: flowResponseSchema,
    fallbackMessage: FLOW_TOASTS.toggleError,
  });
  return body.data.flow;
}

/** decisions §5: the card's toggle; the card shows the new state at once and goes back if the call fails. */
export function useToggleFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFlow,
    meta: { errorMessage: FLOW_TOASTS.toggleError },
    onSuccess: async (flow) => {
      toast.success(flow.enabled ? FLOW_TOASTS.enabled : FLOW_TOASTS.disabled);
      await queryClient.invalidateQueries({ queryKey: queryKeys.flows.all });
    },
  });
}
