/**
 * Delivering one welcome (docs/decisions.md#d-welcome): rendered with the shared renderWelcome in HTML parse mode, buttons as an
 * inline keyboard (url buttons, or callback_data = the value).
 * - sendToPrivate: message the user privately first (a join request's user_chat_id allows it for 5 minutes;
 *   after a plain join only if the user started the bot); when Telegram refuses, send in the group.
 * - Channels have no group to fall back to and no member would want a welcome posted to every subscriber: there
 *   the private attempt is the only one, and its failure is recorded, not retried.
 */
import { GrammyError, type Api } from 'grammy';
import type { InlineKeyboardMarkup, User } from 'grammy/types';
import { renderWelcome } from '@shared/welcome/render.ts';
import type { WelcomeMessage } from '@shared/welcome/schemas.ts';
import type { BotDeps } from '../bots/bot-deps.ts';
import { recordDeliveryFailure, type ChannelConfig } from '../bots/runtime-repository.ts';
import { sendingWelcome } from './send-source.ts';

export type WelcomeTarget = {
  chatId: number;
  chatTitle: string;
  chatType: 'group' | 'supergroup' | 'channel';
  user: User;
  /** Where a private message can reach the user (a join request's user_chat_id, else the user id). */
  privateChatId: number;
};

export type WelcomeOutcome = 'private' | 'group' | 'failed';

/** Its messages carry the welcome mark in the inbox (send-source.ts). */
export function sendWelcome(api: Api, deps: BotDeps, channel: ChannelConfig, welcome: WelcomeMessage, target: WelcomeTarget): Promise<WelcomeOutcome> {
  return sendingWelcome(() => deliverWelcome(api, deps, channel, welcome, target));
}

async function deliverWelcome(api: Api, deps: BotDeps, channel: ChannelConfig, welcome: WelcomeMessage, target: WelcomeTarget): Promise<WelcomeOutcome> {
  const text = renderWelcome(welcome.message, {
    firstName: target.user.first_name,
    lastName: target.user.last_name ?? null,
    username: target.user.username ?? null,
    channel: target.chatTitle,
  });
  const options = { parse_mode: 'HTML' as const, ...keyboardOf(welcome) };
  const isChannel = target.chatType === 'channel';

  if (welcome.sendToPrivate || isChannel) {
    try {
      await api.sendMessage(target.privateChatId, text, options);
      return 'private';
    } catch (error) {
      if (!(error instanceof GrammyError)) throw error;
      if (isChannel) {
        await recordFailure(deps, channel, target, error);
        return 'failed';
      }
      deps.logger.info('boas-vindas privada recusada; enviando no grupo', { chatId: target.chatId, reason: error.description });
    }
  }
  try {
    await api.sendMessage(target.chatId, text, options);
    return 'group';
  } catch (error) {
    if (error instanceof GrammyError) await recordFailure(deps, channel, target, error);
    throw error;
  }
}

function keyboardOf(welcome: WelcomeMessage): { reply_markup?: InlineKeyboardMarkup } {
  if (welcome.buttons.length === 0) return {};
  return {
    reply_markup: {
      inline_keyboard: welcome.buttons.map((button) =>
        button.type === 'url' ? [{ text: button.text, url: button.value }] : [{ text: button.text, callback_data: button.value }],
      ),
    },
  };
}

async function recordFailure(deps: BotDeps, channel: ChannelConfig, target: WelcomeTarget, error: GrammyError) {
  deps.logger.warn('boas-vindas não entregue', { chatId: target.chatId, code: error.error_code, reason: error.description });
  await recordDeliveryFailure(deps.sql, {
    botId: deps.botId,
    channelId: channel.channelId,
    telegramUserId: target.user.id,
    purpose: 'welcome',
    errorCode: error.error_code,
    description: error.description,
  });
}
