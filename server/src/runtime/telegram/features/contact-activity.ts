/**
 * What a contact did that is not a message, for their conversation (migration 0650): a press on a button of a bot
 * message (the pressed button's text), a join, a leave or a join request in a channel or group (its title). Other
 * bots' activity is not kept: they are no conversation.
 */
import type { Context } from 'grammy';
import type { ChatMemberUpdated } from 'grammy/types';
import type { JournalMessage } from '../journal/contact-repository.ts';
import { pressedButtonText } from '../journal/message-buttons.ts';
import { isJoin, isLeave } from './membership.ts';

export function contactActivity(ctx: Context, botId: string): JournalMessage | undefined {
  const press = ctx.callbackQuery;
  if (press) {
    const message = press.message;
    if (!message || press.from.is_bot) return undefined;
    const markup = 'reply_markup' in message ? message.reply_markup : undefined;
    const text = pressedButtonText(markup, press.data) ?? press.data ?? press.game_short_name ?? '';
    return activity(botId, press.from.id, message.chat.id, 'BUTTON_PRESS', text, { data: press.data ?? null, message_id: message.message_id });
  }
  const request = ctx.chatJoinRequest;
  if (request && !request.from.is_bot) {
    return activity(botId, request.from.id, request.chat.id, 'JOIN_REQUEST', request.chat.title, { chat: request.chat });
  }
  const member = ctx.chatMember;
  if (member && !member.new_chat_member.user.is_bot && member.chat.type !== 'private') {
    const change = membershipChange(member);
    if (change) return activity(botId, member.new_chat_member.user.id, member.chat.id, change, member.chat.title, { chat: member.chat });
  }
  return undefined;
}

/** Stamped when handled, like the bot's own sends: Telegram's whole seconds would sort it before what it follows. */
function activity(botId: string, userId: number, chatId: number, type: JournalMessage['type'], text: string, payload: unknown): JournalMessage {
  return { botId, telegramUserId: userId, chatId, direction: 'in', telegramMessageId: null, text, type, source: 'contact', buttons: null, payload, at: new Date() };
}

function membershipChange(update: ChatMemberUpdated): 'MEMBER_JOINED' | 'MEMBER_LEFT' | undefined {
  if (isJoin(update)) return 'MEMBER_JOINED';
  return isLeave(update) ? 'MEMBER_LEFT' : undefined;
}
