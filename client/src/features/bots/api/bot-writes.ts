/**
 * Ativar/Desativar, the broadcast rate and Remover go through the outbox: visible at once, sent when there is a network. A refusal
 * comes back as a toast and an entry in the header's list of refused changes.
 */
import { savedToast } from '../../../offline/feedback.ts';
import { useMutate } from '../../../offline/hooks.ts';
import { BOT_TOASTS } from './bot-texts.ts';

export function useSetBotActive() {
  const mutate = useMutate();
  return async (botId: string, isActive: boolean) => {
    if (await mutate('bot.setActive', { botId, isActive })) savedToast(isActive ? BOT_TOASTS.activated : BOT_TOASTS.deactivated);
  };
}

/** Messages a second for the bot's broadcasts; a broadcast already sending follows it within a second. */
export function useSetBroadcastRate() {
  const mutate = useMutate();
  return async (botId: string, broadcastRate: number) => {
    if (await mutate('bot.setBroadcastRate', { botId, broadcastRate })) savedToast(BOT_TOASTS.broadcastRateSaved);
  };
}

export function useRemoveBot() {
  const mutate = useMutate();
  return async (botId: string) => {
    if (await mutate('bot.delete', { botId })) savedToast(BOT_TOASTS.removeSuccess);
  };
}
