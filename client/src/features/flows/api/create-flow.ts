import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flowResponseSchema, type CreateFlowInput, type FlowDetail } from '../../../../../shared/flows/schemas.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { FLOW_TOASTS } from './flow-texts.ts';

export async function createFlow(input: CreateFlowInput): Promise<FlowDetail> {
  const body = await api.post('/flows', input, { schema: flowResponseSchema, fallbackMessage: FLOW_TOASTS.createError });
  return body.data.flow;
}

export function useCreateFlow({ onSuccess }: { onSuccess: (flow: FlowDetail) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFlow,
    meta: { errorMessage: FLOW_TOASTS.createError },
    onSuccess: async (flow) => {
      toast.success(FLOW_TOASTS.createSuccess);
      onSuccess(flow);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.flows.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]);
    },
  });
}
