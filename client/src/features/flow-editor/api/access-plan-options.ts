/**
 * The plans the "Acesso pago" trigger can pick (GET /access/plans). Plans live on the server only: offline, or until
 * it answers, the field keeps the stored choice and says why the list is missing (no error toast: the rest of the
 * editor works on).
 */
import { useQuery } from '@tanstack/react-query';
import { planListResponseSchema } from '@shared/access/plans.ts';
import { api } from '../../../lib/api.ts';

export type AccessPlanOption = { id: string; name: string; botId: string; archived: boolean };

export function useAccessPlanOptions() {
  return useQuery({
    queryKey: ['access', 'plans', 'trigger-options'],
    staleTime: 60_000,
    queryFn: async (): Promise<AccessPlanOption[]> =>
      (await api.get('/access/plans', { schema: planListResponseSchema })).data.plans.map(({ id, name, botId, archived }) => ({ id, name, botId, archived })),
  });
}
