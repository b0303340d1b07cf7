/**
 * The outgoing-webhooks API (docs/product.md#api-webhooks) through TanStack Query. Webhooks are not in the offline
 * cache: the screen reads the server and every change needs a connection. Answers are parsed with the shared schemas.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  webhookDeliveriesResponseSchema,
  webhookDeliveryResponseSchema,
  webhookListResponseSchema,
  webhookResponseSchema,
  type CreateWebhookInput,
  type UpdateWebhookInput,
} from '@shared/webhooks/schemas.ts';
import { WEBHOOK_TOASTS } from '@shared/webhooks/texts.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useEntityMutation } from '../../../lib/use-entity-mutation.ts';

const deletedSchema = z.object({ success: z.literal(true) });

export const webhookRequests = {
  list: async () => (await api.get('/webhooks', { schema: webhookListResponseSchema, fallbackMessage: WEBHOOK_TOASTS.loadFailed })).data.webhooks,
  create: async (input: CreateWebhookInput) =>
    (await api.post('/webhooks', input, { schema: webhookResponseSchema, fallbackMessage: WEBHOOK_TOASTS.createFailed })).data.webhook,
  update: async ({ id, input }: { id: string; input: UpdateWebhookInput }) =>
    (await api.request(`/webhooks/${id}`, { method: 'PATCH', body: input, schema: webhookResponseSchema, fallbackMessage: WEBHOOK_TOASTS.updateFailed })).data
      .webhook,
  remove: async (id: string) => {
    await api.request(`/webhooks/${id}`, { method: 'DELETE', schema: deletedSchema, fallbackMessage: WEBHOOK_TOASTS.deleteFailed });
  },
  deliveries: async (id: string, before: string | undefined) =>
    (
      await api.get(`/webhooks/${id}/deliveries${before ? `?before=${before}` : ''}`, {
        schema: webhookDeliveriesResponseSchema,
        fallbackMessage: WEBHOOK_TOASTS.deliveriesFailed,
      })
    ).data,
  test: async (id: string) =>
    (await api.post(`/webhooks/${id}/test`, {}, { schema: webhookDeliveryResponseSchema, fallbackMessage: WEBHOOK_TOASTS.testFailed })).data.delivery,
  redeliver: async ({ id, deliveryId }: { id: string; deliveryId: string }) =>
    (await api.post(`/webhooks/${id}/deliveries/${deliveryId}/redeliver`, {}, { schema: webhookDeliveryResponseSchema, fallbackMessage: WEBHOOK_TOASTS.redeliverFailed }))
      .data.delivery,
};

/** While a delivery waits (queued, sending, a retry due) the screen reads again often; otherwise now and then. */
export const WEBHOOK_REFRESH_MS = { waiting: 3_000, idle: 30_000 } as const;
const waiting = (status: string | undefined) => status === 'pending' || status === 'sending';

export const useWebhooks = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.webhooks.list(),
    queryFn: webhookRequests.list,
    enabled,
    refetchInterval: (query) => (query.state.data?.some((webhook) => waiting(webhook.lastDelivery?.status)) ? WEBHOOK_REFRESH_MS.waiting : WEBHOOK_REFRESH_MS.idle),
    meta: { errorMessage: WEBHOOK_TOASTS.loadFailed },
  });

export const useDeliveries = (id: string) =>
  useInfiniteQuery({
    queryKey: queryKeys.webhooks.deliveries(id),
    queryFn: ({ pageParam }) => webhookRequests.deliveries(id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.deliveries.some((delivery) => waiting(delivery.status))) ? WEBHOOK_REFRESH_MS.waiting : WEBHOOK_REFRESH_MS.idle,
    meta: { errorMessage: WEBHOOK_TOASTS.deliveriesFailed },
  });

/** Create and edit: no toast of the mutation cache, the form shows a field's refusal under it (use-webhook-form.ts). */
export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: { id?: string | undefined; input: CreateWebhookInput }) =>
      save.id ? webhookRequests.update({ id: save.id, input: save.input }) : webhookRequests.create(save.input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}

export const useSetWebhookEnabled = (enabled: boolean) =>
  useEntityMutation({
    call: (id: string) => webhookRequests.update({ id, input: { enabled } }),
    failed: WEBHOOK_TOASTS.updateFailed,
    succeeded: enabled ? WEBHOOK_TOASTS.resumed : WEBHOOK_TOASTS.paused,
    invalidates: queryKeys.webhooks.all,
  });

export const useDeleteWebhook = () =>
  useEntityMutation({ call: webhookRequests.remove, failed: WEBHOOK_TOASTS.deleteFailed, succeeded: WEBHOOK_TOASTS.deleted, invalidates: queryKeys.webhooks.all });

export const useSendWebhookTest = () =>
  useEntityMutation({ call: webhookRequests.test, failed: WEBHOOK_TOASTS.testFailed, succeeded: WEBHOOK_TOASTS.testQueued, invalidates: queryKeys.webhooks.all });

export const useRedeliver = () =>
  useEntityMutation({ call: webhookRequests.redeliver, failed: WEBHOOK_TOASTS.redeliverFailed, succeeded: WEBHOOK_TOASTS.redelivered, invalidates: queryKeys.webhooks.all });
