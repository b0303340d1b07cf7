/** GET /api/dashboard/members through TanStack Query: server-only figures, refreshed while the dashboard is open. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memberFiguresResponseSchema } from '@shared/dashboard/member-figures.ts';
import { api } from '../../../lib/api.ts';

export const MEMBER_FIGURES_FAILED = 'Não foi possível carregar os números da equipe.';

export function useMemberFigures(days: 7 | 30) {
  return useQuery({
    queryKey: ['dashboard', 'members', days] as const,
    queryFn: async () =>
      (await api.get(`/dashboard/members?days=${days}`, { schema: memberFiguresResponseSchema, fallbackMessage: MEMBER_FIGURES_FAILED })).data.members,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
}
