/**
 * API transformer that keeps every message the product sends to a person privately through a bot's Api (flow
 * steps and welcome DMs, with their inline keyboard and which of the two sent it) for the inbox (docs/decisions.md#d-contacts). Recording at the API layer means no sending code
 * can forget it. Private chats are the ones with a positive id (users); groups and channels are negative.
 */
import type { Transformer } from 'grammy';
import type { Message } from 'grammy/types';
import type { ContactJournal } from '../journal/contact-journal.ts';
import { messageKindOf } from '@shared/messages/kind.ts';
import { inlineButtons } from '../journal/message-buttons.ts';
import { sendSource } from './send-source.ts';

const SENDING_METHODS = new Set(['sendMessage', 'sendPhoto', 'sendVideo', 'sendAudio', 'sendDocument', 'sendMediaGroup']);

export function outboundRecorder(botId: string, journal: ContactJournal): Transformer {
  return async (prev, method, payload, signal) => {
    const result = await prev(method, payload, signal);
    if (!result.ok || !SENDING_METHODS.has(method)) return result;
    const chatId = 'chat_id' in payload ? Number(payload.chat_id) : Number.NaN;
    if (!(chatId > 0)) return result;
    const sent: unknown = result.result;
    for (const message of Array.isArray(sent) ? sent : [sent]) {
      if (!isMessage(message)) continue;
      journal.record({
        botId,
        telegramUserId: chatId,
        chatId,
        direction: 'out',
        telegramMessageId: message.message_id,
        text: message.text ?? message.caption ?? null,
        type: messageKindOf(message),
        source: sendSource(),
        buttons: inlineButtons(message.reply_markup),
        payload: message,
        // Now rather than message.date (whole seconds): a reply must sort after the message it answers.
        at: new Date(),
      });
    }
    return result;
  };
}

function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && 'message_id' in value && 'date' in value;
}
