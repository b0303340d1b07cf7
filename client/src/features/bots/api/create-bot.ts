import { useMutation } from '@tanstack/react-query';
import { botResponseSchema, type Bot, type CreateBotInput } from '@shared/bots/schemas.ts';
import { api } from '../../../lib/api.ts';
import { useSyncNow } from '../../../offline/hooks.ts';
import { toast } from '../../../lib/toast.ts';
import { BOT_TOASTS } from './bot-texts.ts';

export async function createBot(input: CreateBotInput): Promise<Bot> {
  const body = await api.post('/bots', input, { schema: botResponseSchema, fallbackMessage: BOT_TOASTS.createError });
  return body.data.bot;
}

/**
 * Online only: the server asks Telegram's getMe for the token. The new bot then arrives through a pull, awaited
 * before the modal closes so the card is there when it does. The failure toast comes from the query client.
 */
export function useCreateBot({ onSuccess }: { onSuccess?: (bot: Bot) => void } = {}) {
  const syncNow = useSyncNow();
  return useMutation({
    mutationFn: createBot,
    // No meta.errorMessage: the add-bot modal says each failure once (field or toast).
    onSuccess: async (bot) => {
      await syncNow();
      toast.success(BOT_TOASTS.createSuccess);
      onSuccess?.(bot);
    },
  });
}
