// Text messages: send, edit (text or keyboard) and delete, with Telegram's "not modified" and ownership rules.
import { badRequest } from '../core/bot-api-error.ts';
import type { MessageTarget } from '../core/message-target.ts';
import type { Message, StoredMessage } from '../core/types.ts';
import { accessTarget, sendTarget } from './chat-access.ts';
import { readMessageText } from './formatted-text.ts';
import { postBotMessage, readReplyTo, takeRateSlot, type MethodCall, type MethodHandler } from './method-call.ts';
import { readReplyMarkup } from './reply-markup.ts';

const NOT_MODIFIED =
  'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

const sendMessage: MethodHandler = (call) => {
  const { core, bot, params } = call;
  const target = sendTarget(core, bot, params.chatId());
  const text = readMessageText(params);
  const markup = readReplyMarkup(params);
  const reply = readReplyTo(call, target);
  takeRateSlot(call, target);
  const fields: Partial<Message> = {
    text: text.text,
    ...(text.entities.length > 0 ? { entities: text.entities } : {}),
    ...(markup?.inline ? { reply_markup: markup.inline } : {}),
    ...reply,
  };
  return postBotMessage(call, target, fields, {
    text: text.text,
    ...(text.parseMode ? { parse_mode: text.parseMode } : {}),
    ...(text.entities.length > 0 ? { entities: text.entities } : {}),
    ...(markup ? { reply_markup: markup.raw } : {}),
  }, 'sendMessage');
};

function ownMessage(call: MethodCall, missing: string): { target: MessageTarget; stored: StoredMessage } {
  const { core, bot, params } = call;
  if (params.has('inline_message_id')) throw badRequest('MESSAGE_ID_INVALID');
  const target = accessTarget(core, bot, params.chatId());
  const stored = target.store.get(params.int('message_id', 'message identifier is not specified'));
  if (!stored) throw badRequest(missing);
  if (stored.senderBotId !== bot.user.id) throw badRequest("message can't be edited");
  return { target, stored };
}

function saveEdit(call: MethodCall, target: MessageTarget, stored: StoredMessage, updated: Message, method: string): Message {
  stored.message = updated;
  call.core.sent.add({
    token: call.bot.token, botId: call.bot.user.id, method, chatId: target.chatId, messageId: updated.message_id,
    date: updated.edit_date ?? updated.date, message: updated,
    ...(updated.text !== undefined ? { text: updated.text } : {}),
    ...(updated.entities ? { entities: updated.entities } : {}),
    ...(updated.reply_markup ? { reply_markup: updated.reply_markup } : {}),
  });
  return updated;
}

const editMessageText: MethodHandler = (call) => {
  const { target, stored } = ownMessage(call, 'message to edit not found');
  if (stored.message.text === undefined) throw badRequest('there is no text in the message to edit');
  const text = readMessageText(call.params);
  const markup = readReplyMarkup(call.params)?.inline;
  const { reply_markup: _oldMarkup, entities: _oldEntities, ...rest } = stored.message;
  // Like Telegram, an edit without reply_markup removes the inline keyboard.
  const updated: Message = {
    ...rest,
    text: text.text,
    ...(text.entities.length > 0 ? { entities: text.entities } : {}),
    ...(markup ? { reply_markup: markup } : {}),
    edit_date: call.core.world.unixTime(),
  };
  if (sameContent(stored.message, updated)) throw badRequest(NOT_MODIFIED);
  return saveEdit(call, target, stored, updated, 'editMessageText');
};

const editMessageReplyMarkup: MethodHandler = (call) => {
  const { target, stored } = ownMessage(call, 'message to edit not found');
  const markup = readReplyMarkup(call.params)?.inline;
  const { reply_markup: _old, ...rest } = stored.message;
  const updated: Message = { ...rest, ...(markup ? { reply_markup: markup } : {}), edit_date: call.core.world.unixTime() };
  if (sameContent(stored.message, updated)) throw badRequest(NOT_MODIFIED);
  return saveEdit(call, target, stored, updated, 'editMessageReplyMarkup');
};

function sameContent(before: Message, after: Message): boolean {
  return (
    before.text === after.text &&
    JSON.stringify(before.entities ?? []) === JSON.stringify(after.entities ?? []) &&
    JSON.stringify(before.reply_markup ?? null) === JSON.stringify(after.reply_markup ?? null)
  );
}

const deleteMessage: MethodHandler = (call) => {
  const { core, bot, params } = call;
  const target = accessTarget(core, bot, params.chatId());
  const messageId = params.int('message_id', 'message identifier is not specified');
  const stored = target.store.get(messageId);
  if (!stored) throw badRequest('message to delete not found');
  const member = target.record?.members.get(bot.user.id);
  const canDeleteOthers = !target.record || member?.status === 'creator' || (member?.status === 'administrator' && member.rights?.can_delete_messages !== false);
  if (stored.senderBotId !== bot.user.id && !canDeleteOthers) throw badRequest("message can't be deleted");
  target.store.delete(messageId);
  core.sent.add({ token: bot.token, botId: bot.user.id, method: 'deleteMessage', chatId: target.chatId, messageId, date: core.world.unixTime() });
  return true;
};

export const messageMethods: Record<string, MethodHandler> = {
  sendMessage,
  editMessageText,
  editMessageReplyMarkup,
  deleteMessage,
};
