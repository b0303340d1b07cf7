/**
 * The funnels the "Contato do funil" trigger can pick (GET /funnels). Funnels live on the server only: offline, or
 * until it answers, the field keeps the stored choice and says why the list is missing (no error toast: the rest
 * of the editor works on).
 */
import { useQuery } from '@tanstack/react-query';
import { funnelsResponseSchema } from '@shared/funnels/schemas.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type FunnelOption = { id: string; name: string; botId: string; isActive: boolean };

export function useFunnelOptions() {
  return useQuery({
    queryKey: [...queryKeys.funnels.all, 'trigger-options'],
    staleTime: 60_000,
    queryFn: async (): Promise<FunnelOption[]> =>
      (await api.get('/funnels', { schema: funnelsResponseSchema })).data.funnels.map(({ id, name, botId, isActive }) => ({ id, name, botId, isActive })),
  });
}
