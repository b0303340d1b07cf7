// Users talking to bots: private messages and commands, group messages and channel posts, and blocking.
// Messages carry bot_command entities exactly where Telegram puts them, so command routers in the product match.
import type { MessageEntity } from 'grammy/types';
import type { EmulatorCore } from '../core/emulator-core.ts';
import { emitChatMessage } from '../core/events.ts';
import { dialogTarget, groupTarget } from '../core/message-target.ts';
import { isParticipant, privateChatOf } from '../core/serialize.ts';
import type { Message } from '../core/types.ts';
import { ControlError, findBot, findChat, findUser } from './control-setup.ts';

export interface PrivateMessageInput {
  from: number;
  /** Token or username of the bot. */
  bot: string;
  text: string;
  replyToMessageId?: number;
}

export interface ChatMessageInput {
  from: number;
  chatId: number;
  text: string;
  replyToMessageId?: number;
}

export interface BlockInput {
  userId: number;
  bot: string;
}

export function commandEntities(text: string): MessageEntity[] {
  const entities: MessageEntity[] = [];
  for (const match of text.matchAll(/(^|\s)(\/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,32})?)(?=\s|$)/g)) {
    const offset = (match.index ?? 0) + (match[1]?.length ?? 0);
    entities.push({ type: 'bot_command', offset, length: match[2]?.length ?? 0 });
  }
  return entities;
}

function textFields(text: string): Partial<Message> {
  if (text === '') throw new ControlError('a message needs text');
  const entities = commandEntities(text);
  return { text, ...(entities.length > 0 ? { entities } : {}) };
}

export function sendPrivateMessage(core: EmulatorCore, input: PrivateMessageInput): Message {
  const user = findUser(core, input.from);
  const bot = findBot(core, input.bot);
  const dialog = core.world.dialog(bot.user.id, user.id);
  // Writing to a blocked bot goes through the app's "Restart" button, which unblocks it first.
  if (dialog.blocked) setBlocked(core, { userId: user.id, bot: input.bot }, false);
  dialog.started = true;
  const target = dialogTarget(dialog, user);
  const replied = input.replyToMessageId !== undefined ? target.store.get(input.replyToMessageId) : undefined;
  if (input.replyToMessageId !== undefined && !replied) throw new ControlError(`message ${input.replyToMessageId} not found`);
  const message: Message = {
    message_id: target.allocateId(), from: user, chat: target.wireChat, date: core.world.unixTime(),
    ...textFields(input.text),
    ...(replied ? { reply_to_message: { ...replied.message, reply_to_message: undefined } } : {}),
  };
  target.store.set(message.message_id, { message });
  core.sent.markAction();
  core.deliver(bot.user.id, { message });
  return message;
}

/** A group message, or a channel post when the chat is a channel (the author must administer it). */
export function sendChatMessage(core: EmulatorCore, input: ChatMessageInput): Message {
  const user = findUser(core, input.from);
  const chat = findChat(core, input.chatId);
  const member = chat.members.get(user.id);
  if (!isParticipant(member)) throw new ControlError(`user ${user.id} is not a member of chat ${chat.id}`);
  const isChannel = chat.type === 'channel';
  if (isChannel && member?.status !== 'creator' && member?.status !== 'administrator') {
    throw new ControlError('only administrators post in a channel');
  }
  const target = groupTarget(chat);
  const replied = input.replyToMessageId !== undefined ? target.store.get(input.replyToMessageId) : undefined;
  const fields = textFields(input.text);
  const message: Message = {
    message_id: target.allocateId(),
    ...(isChannel ? { sender_chat: target.wireChat } : { from: user }),
    chat: target.wireChat, date: core.world.unixTime(), ...fields,
    ...(replied ? { reply_to_message: { ...replied.message, reply_to_message: undefined } } : {}),
  };
  target.store.set(message.message_id, { message });
  core.sent.markAction();
  emitChatMessage(core, chat, message, {
    command: fields.entities?.some((e) => e.type === 'bot_command' && e.offset === 0) ?? false,
    ...(replied?.senderBotId !== undefined ? { replyToBotId: replied.senderBotId } : {}),
  });
  return message;
}

/** Blocking shows up to the bot as my_chat_member in the private chat (member → kicked), and back. */
export function setBlocked(core: EmulatorCore, input: BlockInput, blocked: boolean): void {
  const user = findUser(core, input.userId);
  const bot = findBot(core, input.bot);
  const dialog = core.world.dialog(bot.user.id, user.id);
  if (dialog.blocked === blocked) return;
  dialog.blocked = blocked;
  core.sent.markAction();
  const member = { status: 'member' as const, user: bot.publicUser };
  const kicked = { status: 'kicked' as const, user: bot.publicUser, until_date: 0 };
  core.deliver(bot.user.id, {
    my_chat_member: {
      chat: privateChatOf(user), from: user, date: core.world.unixTime(),
      old_chat_member: blocked ? member : kicked,
      new_chat_member: blocked ? kicked : member,
    },
  });
}
