// Where a message lives. Group, supergroup and channel messages are numbered per chat and seen by every member;
// a private chat is one user with one bot, numbered on its own, so two bots talking to the same user never share
// message ids or buttons.
import { chatOf, privateChatOf } from './serialize.ts';
import type { ChatRecord, ChatType, DialogRecord, Message, StoredMessage, User } from './types.ts';

export interface MessageTarget {
  chatId: number;
  type: ChatType;
  wireChat: Message['chat'];
  store: Map<number, StoredMessage>;
  allocateId: () => number;
  record?: ChatRecord;
  dialog?: DialogRecord;
}

export function groupTarget(chat: ChatRecord): MessageTarget {
  return {
    chatId: chat.id,
    type: chat.type,
    wireChat: chatOf(chat),
    store: chat.messages,
    allocateId: () => chat.nextMessageId++,
    record: chat,
  };
}

export function dialogTarget(dialog: DialogRecord, user: User): MessageTarget {
  return {
    chatId: user.id,
    type: 'private',
    wireChat: privateChatOf(user),
    store: dialog.messages,
    allocateId: () => dialog.nextMessageId++,
    dialog,
  };
}
