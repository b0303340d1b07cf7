import { useMutation, useQueryClient } from '@tanstack/react-query';
import { botResponseSchema, type Bot, type CreateBotInput } from '../../../../../shared/bots/schemas.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { BOT_TOASTS } from './bot-texts.ts';

export async function createBot(input: CreateBotInput): Promise<Bot> {
  const body = await api.post('/bots', input, { schema: botResponseSchema, fallbackMessage: BOT_TOASTS.createError });
  return body.data.bot;
}

/** The failure toast (server message, else 'Erro ao adicionar bot') comes from the query client's mutation cache. */
export function useCreateBot({ onSuccess }: { onSuccess?: (bot: Bot) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBot,
    meta: { errorMessage: BOT_TOASTS.createError },
    onSuccess: async (bot) => {
      toast.success(BOT_TOASTS.createSuccess);
      queryClient.setQueryData(queryKeys.bots.detail(bot.id), bot);
      onSuccess?.(bot);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.bots.list() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]);
    },
  });
}
