/**
 * The model server's contacts and inbox, written from the server's code, not the client's: the contacts service and
 * repository (PUT/DELETE /contacts), the messages service and repository (claimReply, markAllRead), migration 0500's
 * triggers (the conversation row follows each contact's newest message and counts its unread incoming ones; marking
 * read lowers it) and the runtime's contact journal (a Telegram user writing upserts the contact by (bot, Telegram
 * id), overwriting its names, and stores the message with the Telegram date).
 *
 * Columns the server keeps but never syncs live in `state.inbox`: each message's bigint id (insertion order, the
 * tie-break of "newest"), read_at of incoming ones, the Telegram user behind each contact, the claims awaiting
 * their after-commit delivery.
 */
import type { Contact } from '@shared/contacts/schemas.ts';
import type { Message } from '@shared/messages/schemas.ts';
import type { ModelState, Write } from './model-rules.ts';

export type InboxHidden = {
  nextSeq: number;
  /** messages.id of each message uid: insertion order. */
  seq: Record<string, number>;
  /** Incoming messages with read_at null. */
  unread: string[];
  /** contact id → Telegram user id (contacts.telegram_id). */
  telegramIdOf: Record<string, number>;
  /** Claimed replies (uids) whose delivery runs after the push's commit. */
  claims: string[];
};

export const emptyInbox = (): InboxHidden => ({ nextSeq: 1, seq: {}, unread: [], telegramIdOf: {}, claims: [] });

type Refuse = (code: string, message: string) => never;

/** messages.contact_id and conversations.contact_id are ON DELETE CASCADE: every row goes, each with its tombstone. */
export function deleteContactCascade(state: ModelState, write: Write, contactId: string) {
  for (const message of state.messages.values()) if (message.contactId === contactId) write('messages', message.id, null);
  if (state.conversations.has(contactId)) write('conversations', contactId, null);
  write('contacts', contactId, null);
}

/** The newest first, as the server orders a contact's messages: created_at desc, id desc. */
export function newestFirst(state: ModelState, contactId: string): Message[] {
  return [...state.messages.values()]
    .filter((message) => message.contactId === contactId)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (state.inbox.seq[b.id] ?? 0) - (state.inbox.seq[a.id] ?? 0));
}

/** An insert into messages and what messages_after_insert does to the contact's conversation row. */
export function insertMessage(state: ModelState, write: Write, message: Message) {
  state.inbox.seq[message.id] = state.inbox.nextSeq++;
  const incomingUnread = message.direction === 'INCOMING';
  if (incomingUnread) state.inbox.unread.push(message.id);
  write('messages', message.id, message);
  const current = state.conversations.get(message.contactId);
  const newer = !current || message.createdAt >= current.lastMessageAt;
  write('conversations', message.contactId, {
    contactId: message.contactId,
    botId: message.botId,
    lastMessageId: newer ? message.id : current.lastMessageId,
    lastMessageAt: newer ? message.createdAt : current.lastMessageAt,
    unreadCount: (current?.unreadCount ?? 0) + (incomingUnread ? 1 : 0),
    assigneeId: current?.assigneeId ?? null,
    status: current?.status ?? 'OPEN',
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loose reads on purpose, as modelApply (model-rules.ts)
export function inboxApply(state: ModelState, write: Write, refuse: Refuse, name: string, args: any, serverNow: string): boolean {
  const notFound = () => refuse('NOT_FOUND', 'Recurso não encontrado');
  switch (name) {
    case 'contact.update': {
      // repository.updateContact: `where id and user_id`, only the fields sent; updated_at = now() (a change even
      // when nothing differs).
      const contact = state.contacts.get(args.contactId) ?? notFound();
      const { changes } = args;
      write('contacts', contact.id, {
        ...contact,
        ...(changes.firstName === undefined ? {} : { firstName: changes.firstName }),
        ...(changes.lastName === undefined ? {} : { lastName: changes.lastName }),
        ...(changes.phoneNumber === undefined ? {} : { phoneNumber: changes.phoneNumber }),
      });
      return true;
    }
    case 'contact.delete': {
      if (!state.contacts.has(args.contactId)) notFound();
      deleteContactCascade(state, write, args.contactId);
      return true;
    }
    case 'message.send': {
      // claimReply: the contact must be the user's and of that bot (404); then insert … on conflict (uid) do nothing.
      const { message } = args;
      const contact = state.contacts.get(message.contactId);
      if (!contact || contact.botId !== message.botId) notFound();
      // The id already taken by this user: a replay, nothing to do (another user's would be refused; one user here).
      if (state.messages.has(message.id)) return true;
      insertMessage(state, write, {
        id: message.id, contactId: contact!.id, botId: contact!.botId, direction: 'OUTGOING', type: 'TEXT', source: 'OPERATOR', buttons: [], content: message.text,
        mediaName: null, status: 'SENDING', error: null, createdAt: serverNow,
      });
      state.inbox.claims.push(message.id);
      return true;
    }
    case 'conversation.markRead': {
      // markAllRead: 404 without the contact; read_at set on its unread incoming messages; messages_after_update
      // lowers the conversation's count by that many (no row touched, no change, when none was unread).
      if (!state.contacts.has(args.contactId)) notFound();
      const read = state.inbox.unread.filter((uid) => state.messages.get(uid)?.contactId === args.contactId);
      if (read.length === 0) return true;
      state.inbox.unread = state.inbox.unread.filter((uid) => !read.includes(uid));
      const conversation = state.conversations.get(args.contactId);
      if (conversation) write('conversations', conversation.contactId, { ...conversation, unreadCount: Math.max(conversation.unreadCount - read.length, 0) });
      return true;
    }
    default:
      return false;
  }
}

/** What a Telegram user sends, as the runtime's journal records it. */
export type TelegramUser = { telegramId: number; firstName: string; lastName: string | null; username: string | null };

/**
 * The contact journal: upsertContacts (insert, or overwrite names and add to message_count by (bot, telegram_id)),
 * then writeMessages (the message joins the contact as it now is, created_at = the Telegram date).
 */
export function journalIncoming(state: ModelState, write: Write, botId: string, user: TelegramUser, text: string, at: string, ids: { contact: string; message: string }): Contact {
  const existing = [...state.contacts.values()].find((row) => row.botId === botId && state.inbox.telegramIdOf[row.id] === user.telegramId);
  const contact: Contact = existing
    ? {
        ...existing, firstName: user.firstName, lastName: user.lastName, username: user.username, messageCount: existing.messageCount + 1,
        lastInteractionAt: at > existing.lastInteractionAt ? at : existing.lastInteractionAt,
      }
    : {
        id: ids.contact, botId, telegramId: String(user.telegramId), firstName: user.firstName, lastName: user.lastName, username: user.username,
        isBot: false, languageCode: 'pt-br', phoneNumber: null, messageCount: 1, lastInteractionAt: at, createdAt: at, labelIds: [],
      };
  state.inbox.telegramIdOf[contact.id] = user.telegramId;
  write('contacts', contact.id, contact);
  insertMessage(state, write, {
    id: ids.message, contactId: contact.id, botId, direction: 'INCOMING', type: 'TEXT', source: 'CONTACT', buttons: [], content: text, mediaName: null, status: 'SENT', error: null, createdAt: at,
  });
  return contact;
}

export const BLOCKED_TEXT = 'O contato bloqueou o bot. A mensagem não foi entregue.';
