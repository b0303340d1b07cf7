/**
 * Paid access ("Acessos", docs/product.md#acessos) through TanStack Query. Plans, accesses and the webhook log are
 * not in the offline cache: the screens read the server and every change needs a connection. Answers are parsed
 * with the shared schemas; a failed change toasts the server's message, else the text below (lib/query-client.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { accessMemberListResponseSchema, accessMemberResponseSchema, type GrantAccessInput } from '@shared/access/members.ts';
import { planListResponseSchema, planResponseSchema, type CreatePlanInput, type UpdatePlanInput } from '@shared/access/plans.ts';
import { webhookLogResponseSchema, webhookProcessedResponseSchema, type WebhookGateway } from '@shared/access/webhook-log.ts';
import { botsResponseSchema, channelsResponseSchema } from '@shared/bots/schemas.ts';
import { pixelsResponseSchema } from '@shared/pixels/schemas.ts';
import { api } from '../../../lib/api.ts';
import { ACCESS_TOASTS } from './access-texts.ts';

export const accessKeys = {
  all: ['access'] as const,
  plans: () => [...accessKeys.all, 'plans'] as const,
  plan: (id: string) => [...accessKeys.all, 'plans', id] as const,
  members: (query: string) => [...accessKeys.all, 'members', query] as const,
  webhooks: (query: string) => [...accessKeys.all, 'webhooks', query] as const,
  bots: () => [...accessKeys.all, 'form', 'bots'] as const,
  channels: (botId: string) => [...accessKeys.all, 'form', 'channels', botId] as const,
  pixels: () => [...accessKeys.all, 'form', 'pixels'] as const,
};

const archivedSchema = z.object({ success: z.literal(true) });

/** The list's filters as the query string the routes read (empty values left out). */
export const queryString = (filters: Record<string, string | number | undefined>) => {
  const entries = Object.entries(filters).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '');
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString();
};

export const accessRequests = {
  plans: async () => (await api.get('/access/plans', { schema: planListResponseSchema, fallbackMessage: ACCESS_TOASTS.loadPlansFailed })).data.plans,
  plan: async (id: string) => (await api.get(`/access/plans/${id}`, { schema: planResponseSchema, fallbackMessage: ACCESS_TOASTS.loadPlanFailed })).data.plan,
  createPlan: async (input: CreatePlanInput) =>
    (await api.post('/access/plans', input, { schema: planResponseSchema, fallbackMessage: ACCESS_TOASTS.createFailed })).data.plan,
  updatePlan: async ({ id, input }: { id: string; input: UpdatePlanInput }) =>
    (await api.request(`/access/plans/${id}`, { method: 'PUT', body: input, schema: planResponseSchema, fallbackMessage: ACCESS_TOASTS.updateFailed })).data.plan,
  archivePlan: async (id: string) => {
    await api.request(`/access/plans/${id}`, { method: 'DELETE', schema: archivedSchema, fallbackMessage: ACCESS_TOASTS.archiveFailed });
  },
  members: async (query: string) =>
    (await api.get(`/access/members?${query}`, { schema: accessMemberListResponseSchema, fallbackMessage: ACCESS_TOASTS.loadMembersFailed })).data,
  grant: async ({ planId, input }: { planId: string; input: GrantAccessInput }) =>
    (await api.post(`/access/plans/${planId}/members`, input, { schema: accessMemberResponseSchema, fallbackMessage: ACCESS_TOASTS.grantFailed })).data.member,
  setAccessUntil: async ({ id, accessUntil }: { id: string; accessUntil: string | null }) =>
    (await api.request(`/access/members/${id}`, { method: 'PATCH', body: { accessUntil }, schema: accessMemberResponseSchema, fallbackMessage: ACCESS_TOASTS.extendFailed }))
      .data.member,
  /** Telegram Stars paid through an invoice in the bot: refunded by Telegram, the access ends. */
  refund: async ({ id }: { id: string }) =>
    (await api.post(`/access/members/${id}/refund`, {}, { schema: accessMemberResponseSchema, fallbackMessage: ACCESS_TOASTS.refundFailed })).data.member,
  revoke: async ({ id, reason }: { id: string; reason?: string | undefined }) =>
    (await api.post(`/access/members/${id}/revoke`, reason ? { reason } : {}, { schema: accessMemberResponseSchema, fallbackMessage: ACCESS_TOASTS.revokeFailed })).data.member,
  webhooks: async (query: string) =>
    (await api.get(`/access/webhooks?${query}`, { schema: webhookLogResponseSchema, fallbackMessage: ACCESS_TOASTS.loadWebhooksFailed })).data,
  reprocess: async (id: string) =>
    (await api.post(`/access/webhooks/${id}/reprocess`, {}, { schema: webhookProcessedResponseSchema, fallbackMessage: ACCESS_TOASTS.reprocessFailed })).data,
  testPurchase: async ({ planId, gateway }: { planId: string; gateway: WebhookGateway }) =>
    (await api.post(`/access/plans/${planId}/test-purchase`, { gateway }, { schema: webhookProcessedResponseSchema, fallbackMessage: ACCESS_TOASTS.testFailed })).data,
  bots: async () => (await api.get('/bots', { schema: botsResponseSchema, fallbackMessage: ACCESS_TOASTS.loadBotsFailed })).data.bots,
  pixels: async () => (await api.get('/pixels', { schema: pixelsResponseSchema, fallbackMessage: ACCESS_TOASTS.loadPixelsFailed })).data.pixels,
  channels: async (botId: string) =>
    (await api.get(`/bots/${botId}/channels`, { schema: channelsResponseSchema, fallbackMessage: ACCESS_TOASTS.loadChannelsFailed })).data.channels,
};

/** Figures move while the screen is open (purchases arrive by webhook): focus and a slow interval refresh them. */
const REFRESH_MS = 30_000;

export const usePlans = (enabled: boolean) =>
  useQuery({ queryKey: accessKeys.plans(), queryFn: accessRequests.plans, enabled, refetchInterval: REFRESH_MS, meta: { errorMessage: ACCESS_TOASTS.loadPlansFailed } });

export const usePlan = (id: string, enabled: boolean) =>
  useQuery({ queryKey: accessKeys.plan(id), queryFn: () => accessRequests.plan(id), enabled, refetchInterval: REFRESH_MS, meta: { errorMessage: ACCESS_TOASTS.loadPlanFailed } });

export const useMembers = (query: string, enabled: boolean) =>
  useQuery({
    queryKey: accessKeys.members(query),
    queryFn: () => accessRequests.members(query),
    enabled,
    refetchInterval: REFRESH_MS,
    placeholderData: (previous) => previous,
    meta: { errorMessage: ACCESS_TOASTS.loadMembersFailed },
  });

export const useWebhookLog = (query: string, enabled: boolean) =>
  useQuery({ queryKey: accessKeys.webhooks(query), queryFn: () => accessRequests.webhooks(query), enabled, refetchInterval: REFRESH_MS, meta: { errorMessage: ACCESS_TOASTS.loadWebhooksFailed } });

/** The plan form's choices, fetched while it is open: the bots, then the chosen bot's chats. */
export function usePlanFormOptions(botId: string) {
  const bots = useQuery({ queryKey: accessKeys.bots(), queryFn: accessRequests.bots, meta: { errorMessage: ACCESS_TOASTS.loadBotsFailed } });
  const channels = useQuery({
    queryKey: accessKeys.channels(botId),
    queryFn: () => accessRequests.channels(botId),
    enabled: botId !== '',
    meta: { errorMessage: ACCESS_TOASTS.loadChannelsFailed },
  });
  const pixels = useQuery({ queryKey: accessKeys.pixels(), queryFn: accessRequests.pixels, meta: { errorMessage: ACCESS_TOASTS.loadPixelsFailed } });
  return { bots, channels, pixels };
}
