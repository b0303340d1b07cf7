/**
 * The chat screen reads the local cache (offline-first): conversation rows joined with their contact, bot and last
 * message, and the cached messages of one contact (the newest MESSAGES_LIMIT; older pages come from the server).
 */
import type { Bot } from '@shared/bots/schemas.ts';
import type { Contact } from '@shared/contacts/schemas.ts';
import type { ConversationRow, Message } from '@shared/messages/schemas.ts';
import { useCached } from '../../../offline/hooks.ts';

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
