/**
 * The dry-run of a plan's chats (docs/product.md#acessos): the known members without access, read while the plan
 * page is open, and the operator's confirmation that queues their removal.
 */
import { useQuery } from '@tanstack/react-query';
import { removeUnpaidResponseSchema, unpaidReportResponseSchema } from '@shared/access/unpaid.ts';
import { api } from '../../../lib/api.ts';
import { useEntityMutation } from '../../../lib/use-entity-mutation.ts';
import { accessKeys } from './access-requests.ts';

export const UNPAID_TOASTS = {
  loadFailed: 'Não foi possível carregar os membros sem acesso.',
  removeFailed: 'Não foi possível agendar as remoções.',
  removed: 'Remoções agendadas: o bot remove no ritmo que o Telegram permite.',
} as const;

const unpaidKey = (planId: string) => [...accessKeys.all, 'unpaid', planId] as const;

const requests = {
  report: async (planId: string) =>
    (await api.get(`/access/plans/${planId}/unpaid`, { schema: unpaidReportResponseSchema, fallbackMessage: UNPAID_TOASTS.loadFailed })).data.report,
  remove: async ({ planId, channelId }: { planId: string; channelId?: string }) =>
    (await api.post(`/access/plans/${planId}/remove-unpaid`, channelId ? { channelId } : {}, { schema: removeUnpaidResponseSchema, fallbackMessage: UNPAID_TOASTS.removeFailed })).data,
};

/** Removals go on in the background: while some are pending the list is read again every few seconds. */
export const useUnpaidReport = (planId: string, enabled: boolean) =>
  useQuery({
    queryKey: unpaidKey(planId),
    queryFn: () => requests.report(planId),
    enabled,
    refetchInterval: (query) => (query.state.data?.chats.some((chat) => chat.pending > 0) ? 3_000 : 30_000),
    meta: { errorMessage: UNPAID_TOASTS.loadFailed },
  });

export const useRemoveUnpaid = () =>
  useEntityMutation({ call: requests.remove, failed: UNPAID_TOASTS.removeFailed, succeeded: UNPAID_TOASTS.removed, invalidates: accessKeys.all });
