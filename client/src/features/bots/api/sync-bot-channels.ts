import { useMutation } from '@tanstack/react-query';
import { channelsResponseSchema, type Channel } from '@shared/bots/schemas.ts';
import { api } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useSyncNow } from '../../../offline/hooks.ts';
import { BOT_TOASTS, botPath } from './bot-texts.ts';

/** Sincronizar: the server refreshes every known chat from Telegram (docs/decisions.md#d-bots-channels); the cache follows by a pull. */
export async function syncBotChannels(botId: string): Promise<Channel[]> {
  const body = await api.post(`${botPath(botId)}/channels/sync`, undefined, {
    schema: channelsResponseSchema,
    fallbackMessage: BOT_TOASTS.syncError,
  });
  return body.data.channels;
}

export function useSyncBotChannels() {
  const syncNow = useSyncNow();
  return useMutation({
    mutationFn: syncBotChannels,
    meta: { errorMessage: BOT_TOASTS.syncError },
    onSuccess: async () => {
      await syncNow();
      toast.success(BOT_TOASTS.syncSuccess);
    },
  });
}
