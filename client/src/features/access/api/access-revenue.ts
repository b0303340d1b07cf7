/**
 * GET /api/access/revenue through TanStack Query: the revenue by day of every plan or one, in the device's time zone
 * so the days are the operator's (as the dashboard asks). Under the access keys, so a purchase, a refund or a test
 * purchase made on these screens refreshes it; a slow interval brings the gateways' webhooks in.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { accessRevenueResponseSchema } from '@shared/access/revenue.ts';
import type { ActivityDays } from '@shared/dashboard/schemas.ts';
import { api } from '../../../lib/api.ts';
import { accessKeys, queryString } from './access-requests.ts';
import { ACCESS_TOASTS } from './access-texts.ts';

const REFRESH_MS = 30_000;

/** The query string and cache key of one window: the device's zone, the period, the plan (absent: every plan). */
export function revenueQuery(days: ActivityDays, planId: string | undefined) {
  const query = queryString({ days, tz: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', planId });
  return { query, key: [...accessKeys.all, 'revenue', query] as const };
}

export function useAccessRevenue(days: ActivityDays, planId: string | undefined, enabled: boolean) {
  const { query, key } = revenueQuery(days, planId);
  return useQuery({
    queryKey: key,
    queryFn: async () =>
      (await api.get(`/access/revenue?${query}`, { schema: accessRevenueResponseSchema, fallbackMessage: ACCESS_TOASTS.loadRevenueFailed })).data.revenue,
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}
