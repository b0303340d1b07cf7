import { savedToast } from '../../../offline/feedback.ts';
import { useMutate } from '../../../offline/hooks.ts';
import type { WelcomePayload } from '../utils/welcome-form.ts';
import { CHANNEL_TOASTS } from './channel-texts.ts';

/** Salvar goes through the outbox: kept on this device at once, sent to the server when there is a network. */
export function useSaveWelcome() {
  const mutate = useMutate();
  return async (channelId: string, payload: WelcomePayload) => {
    if (await mutate('welcome.save', { channelId, welcome: payload })) savedToast(CHANNEL_TOASTS.saveSuccess);
  };
}
