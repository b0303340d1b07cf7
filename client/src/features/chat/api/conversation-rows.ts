/**
 * The chat screen reads the local cache (offline-first): conversation rows joined with their contact, bot and last
 * message, and the cached messages of one contact (the newest MESSAGES_LIMIT; older pages come from the server).
 */
import type { Bot } from '@shared/bots/schemas.ts';
import { foldSearchText } from '@shared/contacts/rules.ts';
import type { Contact } from '@shared/contacts/schemas.ts';
import type { ConversationRow, Message } from '@shared/messages/schemas.ts';
import { useCached } from '../../../offline/hooks.ts';
import { messageMatches } from '../utils/conversation-filter.ts';

export type ConversationView = ConversationRow & { contact: Contact; bot: Bot | undefined; lastMessage: Message | undefined };

export function useConversations(): ConversationView[] | undefined {
  return useCached(async (db) => {
    const rows = await db.conversations.orderBy('lastMessageAt').reverse().toArray();
    const [contacts, bots, last] = await Promise.all([
      db.contacts.bulkGet(rows.map((row) => row.contactId)),
      db.bots.bulkGet(rows.map((row) => row.botId)),
      db.messages.bulkGet(rows.map((row) => row.lastMessageId)),
    ]);
    return rows.flatMap((row, index) => {
      const contact = contacts[index];
      return contact ? [{ ...row, contact, bot: bots[index], lastMessage: last[index] }] : [];
    });
  }, []);
}

export function useCachedMessages(contactId: string): Message[] | undefined {
  return useCached(
    (db) => db.messages.where('[contactId+createdAt]').between([contactId, ''], [contactId, '\uffff']).toArray(),
    [contactId],
  );
}

/** The newest cached message of each contact containing the folded `term` (empty without a term). */
export function useMessageMatches(term: string): Map<string, Message> {
  const found = useCached(
    async (db) => (term === '' ? NO_MATCHES : messageMatches(await db.messages.filter((message) => foldSearchText(message.content).includes(term)).toArray(), term)),
    [term],
  );
  return found ?? NO_MATCHES;
}

const NO_MATCHES = new Map<string, Message>();

/**
 * A contact opened from the contacts screen ("Abrir conversa") that has no conversation yet: an empty one, so the
 * operator can write first. undefined while loading or when the contact is not cached.
 */
export function useEmptyConversation(contactId: string | undefined): ConversationView | undefined {
  return useCached(async (db) => {
    const contact = contactId ? await db.contacts.get(contactId) : undefined;
    if (!contact) return undefined;
    const bot = await db.bots.get(contact.botId);
    return { contactId: contact.id, botId: contact.botId, lastMessageId: '', lastMessageAt: contact.lastInteractionAt, unreadCount: 0, assigneeId: null, status: 'OPEN', contact, bot, lastMessage: undefined };
  }, [contactId]);
}
