/**
 * "Duplicar" on a flow card: POST /flows/{id}/duplicate makes the copy on the server (the whole graph under new ids,
 * started inactive), and a sync brings it into the list. It needs the server: offline it says so and does nothing.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flowResponseSchema, type FlowSummary } from '@shared/flows/schemas.ts';
import { api } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useSyncNow } from '../../../offline/hooks.ts';
import { flowExecutionsKey } from './flow-executions.ts';
import { FLOW_TOASTS } from './flow-texts.ts';

const COPY_SUFFIX = ' (cópia)';
/** The longest flow name the server takes (shared/flows/schemas.ts). */
const MAX_NAME = 120;

export const copyName = (name: string) => `${name.slice(0, MAX_NAME - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;

export function useDuplicateFlow() {
  const syncNow = useSyncNow();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (flow: FlowSummary) => {
      const body = await api.post(`/flows/${encodeURIComponent(flow.id)}/duplicate`, { name: copyName(flow.name) }, { schema: flowResponseSchema, fallbackMessage: FLOW_TOASTS.duplicateError });
      await syncNow();
      return body.data.flow;
    },
    meta: { errorMessage: FLOW_TOASTS.duplicateError },
    onSuccess: async (copy) => {
      toast.success(FLOW_TOASTS.duplicateSuccess, { description: FLOW_TOASTS.duplicateNote(copy.name) });
      await queryClient.invalidateQueries({ queryKey: flowExecutionsKey });
    },
  });
  return {
    pending: mutation.isPending,
    duplicate: (flow: FlowSummary) => (navigator.onLine ? mutation.mutate(flow) : void toast.error(FLOW_TOASTS.duplicateOffline)),
  };
}
