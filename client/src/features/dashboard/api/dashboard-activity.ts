/**
 * GET /api/dashboard/activity through TanStack Query: server-only figures (not in the offline cache), asked for in
 * the device's time zone so the days are the operator's. Refetched when the window regains focus and every minute
 * while the dashboard is open, so the morning check never shows yesterday's figures.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardActivityResponseSchema, type ActivityDays } from '@shared/dashboard/schemas.ts';
import { api } from '../../../lib/api.ts';

export const ACTIVITY_LOAD_FAILED = 'Não foi possível carregar a atividade.';

const REFRESH_MS = 60_000;

export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export async function fetchDashboardActivity(days: ActivityDays, timeZone: string) {
  const params = new URLSearchParams({ days: String(days), tz: timeZone });
  const body = await api.get(`/dashboard/activity?${params}`, { schema: dashboardActivityResponseSchema, fallbackMessage: ACTIVITY_LOAD_FAILED });
  return body.data.activity;
}

export function useDashboardActivity(days: ActivityDays) {
  const timeZone = deviceTimeZone();
  return useQuery({
    queryKey: ['dashboard', 'activity', days, timeZone] as const,
    queryFn: () => fetchDashboardActivity(days, timeZone),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
