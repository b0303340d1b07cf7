import { useMutation, useQueryClient } from '@tanstack/react-query';
import { botResponseSchema, type Bot } from '../../../../../shared/bots/schemas.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { BOT_TOASTS, botPath } from './bot-texts.ts';

export type BotStatusInput = { botId: string; isActive: boolean };

/** Decisions §3 fixes the old defect: Ativar / Desativar is persisted by the server, not only toasted. */
export async function updateBotStatus({ botId, isActive }: BotStatusInput): Promise<Bot> {
  const body = await api.request(botPath(botId), {
    method: 'PATCH',
    body: { isActive },
    schema: botResponseSchema,
    fallbackMessage: BOT_TOASTS.statusError,
  });
  return body.data.bot;
}

export function useUpdateBotStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBotStatus,
    meta: { errorMessage: BOT_TOASTS.statusError },
    onSuccess: async (bot) => {
      toast.success(bot.isActive ? BOT_TOASTS.activated : BOT_TOASTS.deactivated);
      queryClient.setQueryData(queryKeys.bots.detail(bot.id), bot);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.bots.list() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]);
    },
  });
}
