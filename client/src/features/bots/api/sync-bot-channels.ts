import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelsResponseSchema, type Channel } from '../../../../../shared/bots/schemas.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { BOT_TOASTS, botPath } from './bot-texts.ts';

/** Sincronizar: the server refreshes every known chat from Telegram (decisions §3) and answers the new list. */
export async function syncBotChannels(botId: string): Promise<Channel[]> {
  const body = await api.post(`${botPath(botId)}/channels/sync`, undefined, {
    schema: channelsResponseSchema,
    fallbackMessage: BOT_TOASTS.syncError,
  });
  return body.data.channels;
}

export function useSyncBotChannels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncBotChannels,
    meta: { errorMessage: BOT_TOASTS.syncError },
    onSuccess: async (channels, botId) => {
      toast.success(BOT_TOASTS.syncSuccess);
      queryClient.setQueryData(queryKeys.bots.channels(botId), channels);
      await queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
