import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { FLOW_TOASTS, flowPath } from './flow-texts.ts';

export async function deleteFlow(flowId: string): Promise<void> {
  await api.request(flowPath(flowId), { method: 'DELETE', fallbackMessage: FLOW_TOASTS.removeError });
}

export function useDeleteFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFlow,
    meta: { errorMessage: FLOW_TOASTS.removeError },
    onSuccess: async (_data, flowId) => {
      toast.success(FLOW_TOASTS.removeSuccess);
      queryClient.removeQueries({ queryKey: queryKeys.flows.detail(flowId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.flows.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]);
    },
  });
}
