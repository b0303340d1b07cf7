import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bot } from '../../../../../shared/bots/schemas.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { BOT_TOASTS, botPath } from './bot-texts.ts';

export async function deleteBot(botId: string): Promise<void> {
  await api.request(botPath(botId), { method: 'DELETE', fallbackMessage: BOT_TOASTS.removeError });
}

export function useDeleteBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBot,
    meta: { errorMessage: BOT_TOASTS.removeError },
    onSuccess: async (_data, botId) => {
      toast.success(BOT_TOASTS.removeSuccess);
      // Drop the card at once instead of waiting for the refetch.
      queryClient.setQueryData<Bot[]>(queryKeys.bots.list(), (bots) => bots?.filter((bot) => bot.id !== botId));
      queryClient.removeQueries({ queryKey: queryKeys.bots.detail(botId) });
      queryClient.removeQueries({ queryKey: queryKeys.bots.channels(botId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.bots.list() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]);
    },
  });
}
