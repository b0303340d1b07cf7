/**
 * Contacts capture (docs/decisions.md#d-contacts): every update from a user touches that user's contact, and every private message
 * is kept for the inbox, with the contact's activity (button presses, joins, leaves, join requests: contact-activity.ts). Runs first and always calls next(): capturing never decides what happens to an update.
 * The user of a chat_member update is the member who joined or left, not the administrator who acted.
 */
import { Composer, type Context } from 'grammy';
import type { User } from 'grammy/types';
import type { BotDeps } from '../bots/bot-deps.ts';
import type { TouchChat } from '../journal/journal-buffer.ts';
import { messageKindOf } from '@shared/messages/kind.ts';
import { contactActivity } from './contact-activity.ts';

export function contactsFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();
  composer.use(async (ctx, next) => {
    const user = subjectOf(ctx);
    if (user && user.id !== ctx.me.id) {
      const message = ctx.message;
      const isPrivateMessage = message !== undefined && message.chat.type === 'private';
      deps.journal.touch(deps.botId, user, dateOf(ctx), isPrivateMessage, chatOf(ctx, user));
      if (isPrivateMessage) {
        deps.journal.record({
          botId: deps.botId,
          telegramUserId: user.id,
          chatId: message.chat.id,
          direction: 'in',
          telegramMessageId: message.message_id,
          text: message.text ?? message.caption ?? null,
          // The kind (photo, voice…) so the inbox never shows a media message as an empty bubble.
          type: messageKindOf(message),
          source: 'contact',
          buttons: null,
          payload: message,
          at: new Date(message.date * 1000),
        });
      }
      const activity = contactActivity(ctx, deps.botId);
      if (activity) deps.journal.record(activity);
    }
    await next();
  });
  return composer;
}

function subjectOf(ctx: Context): User | undefined {
  if (ctx.chatMember) return ctx.chatMember.new_chat_member.user;
  return ctx.from;
}

/** The chat a contact trigger would run in: the update's chat, else the private chat with the user. */
function chatOf(ctx: Context, user: User): TouchChat {
  const chat = ctx.chat;
  if (!chat) return { id: user.id, type: 'private' };
  return { id: chat.id, type: chat.type, title: 'title' in chat ? chat.title : undefined };
}

/** Telegram's own timestamp of the update when it has one, so a backlog keeps the real interaction times. */
function dateOf(ctx: Context): Date {
  const seconds =
    ctx.msg?.date ?? ctx.chatMember?.date ?? ctx.myChatMember?.date ?? ctx.chatJoinRequest?.date ?? undefined;
  return seconds === undefined ? new Date() : new Date(seconds * 1000);
}
