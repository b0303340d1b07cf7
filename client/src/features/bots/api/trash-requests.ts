/**
 * The bots' trash, "Lixeira" (docs/decisions.md#bot-trash): read from the server, never cached offline — a trashed
 * bot is gone from this device's copy. Restoring pulls everything under it back into the cache.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { botResponseSchema } from '@shared/bots/schemas.ts';
import { deletionImpactResponseSchema, trashResponseSchema, TRASH_TEXTS, type TrashedBot } from '@shared/bots/trash.ts';
import { api } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useSyncNow } from '../../../offline/hooks.ts';
import { botPath } from './bot-texts.ts';

const trashKeys = {
  list: ['bots', 'trash'] as const,
  impact: (botId: string) => ['bots', 'deletion-impact', botId] as const,
};

const TRASH_ERRORS = {
  load: 'Erro ao carregar a lixeira',
  restore: 'Erro ao restaurar bot',
  erase: 'Erro ao excluir bot definitivamente',
} as const;

const trashPath = (botId: string) => `/bots/trash/${encodeURIComponent(botId)}`;

export function useTrash() {
  return useQuery({
    queryKey: trashKeys.list,
    queryFn: async () => (await api.get('/bots/trash', { schema: trashResponseSchema, fallbackMessage: TRASH_ERRORS.load })).data.bots,
    refetchOnWindowFocus: 'always',
    meta: { errorMessage: TRASH_ERRORS.load },
  });
}

/** What goes to the trash with the bot, counted by the server while the confirmation is open. */
export function useDeletionImpact(botId: string, enabled: boolean) {
  return useQuery({
    queryKey: trashKeys.impact(botId),
    queryFn: async () =>
      (await api.get(`${botPath(botId)}/deletion-impact`, { schema: deletionImpactResponseSchema, fallbackMessage: TRASH_TEXTS.impactFailed })).data.impact,
    enabled,
    staleTime: 0,
    retry: false,
  });
}

export function useRestoreBot() {
  const queryClient = useQueryClient();
  const syncNow = useSyncNow();
  return useMutation({
    mutationFn: async (bot: TrashedBot) =>
      api.post(`${trashPath(bot.id)}/restore`, undefined, { schema: botResponseSchema, fallbackMessage: TRASH_ERRORS.restore }),
    meta: { errorMessage: TRASH_ERRORS.restore },
    onSuccess: async (_, bot) => {
      await queryClient.invalidateQueries({ queryKey: trashKeys.list });
      await syncNow();
      toast.success(TRASH_TEXTS.restored(bot.name));
    },
  });
}

export function useEraseBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (bot: TrashedBot) => api.request(trashPath(bot.id), { method: 'DELETE', fallbackMessage: TRASH_ERRORS.erase }),
    meta: { errorMessage: TRASH_ERRORS.erase },
    onSuccess: async (_, bot) => {
      await queryClient.invalidateQueries({ queryKey: trashKeys.list });
      toast.success(TRASH_TEXTS.erased(bot.name));
    },
  });
}
