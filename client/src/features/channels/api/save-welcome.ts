import { useMutation, useQueryClient } from '@tanstack/react-query';
import { welcomeResponseSchema, type WelcomeMessage } from '../../../../../shared/welcome/schemas.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import type { WelcomePayload } from '../utils/welcome-form.ts';
import { CHANNEL_TOASTS, welcomePath } from './channel-texts.ts';

export type SaveWelcomeInput = { channelId: string; payload: WelcomePayload };

export async function saveWelcome({ channelId, payload }: SaveWelcomeInput): Promise<WelcomeMessage> {
  const body = await api.post(welcomePath(channelId), payload, { schema: welcomeResponseSchema, fallbackMessage: CHANNEL_TOASTS.saveError });
  return body.data.welcomeMessage;
}

export function useSaveWelcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWelcome,
    meta: { errorMessage: CHANNEL_TOASTS.saveError },
    onSuccess: (welcome, { channelId }) => {
      toast.success(CHANNEL_TOASTS.saveSuccess);
      queryClient.setQueryData(queryKeys.channels.welcome(channelId), welcome);
    },
  });
}
