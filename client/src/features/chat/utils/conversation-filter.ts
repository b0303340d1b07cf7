/**
 * Which conversations the list shows (docs/product.md#screen-chat): a search over the contact's name, @username and
 * the text of the messages cached on this device, "Não lidas", and one bot. Pure, over the cached rows, so it works
 * offline. "Minhas" (conversations assigned to the signed-in operator) joins here as one more field once accounts
 * have teams: there is no assignment to filter by yet.
 */
import { contactSearchText, foldSearchText } from '@shared/contacts/rules.ts';
import type { Message } from '@shared/messages/schemas.ts';

export type ConversationFilter = { search: string; unreadOnly: boolean; botId: string | undefined };

export const ALL_CONVERSATIONS: ConversationFilter = { search: '', unreadOnly: false, botId: undefined };

type Filterable = {
  contactId: string;
  botId: string;
  unreadCount: number;
  contact: { firstName: string; lastName: string | null; username: string | null; telegramId: string };
};

/** The folded search term; '' when there is nothing to search (a lone "@" searches usernames as typed without it). */
export const searchTerm = (search: string) => foldSearchText(search.trim().replace(/^@/, ''));

/** The newest cached message of each contact whose text contains the term (the list shows it instead of the last one). */
export function messageMatches(messages: readonly Message[], term: string): Map<string, Message> {
  const found = new Map<string, Message>();
  if (term === '') return found;
  for (const message of messages) {
    if (!foldSearchText(message.content).includes(term)) continue;
    const known = found.get(message.contactId);
    if (!known || known.createdAt < message.createdAt) found.set(message.contactId, message);
  }
  return found;
}

export function filterConversations<T extends Filterable>(rows: readonly T[], filter: ConversationFilter, matches: Map<string, Message>): T[] {
  const term = searchTerm(filter.search);
  return rows.filter(
    (row) =>
      (!filter.unreadOnly || row.unreadCount > 0) &&
      (filter.botId === undefined || row.botId === filter.botId) &&
      (term === '' || contactSearchText(row.contact).includes(term) || matches.has(row.contactId)),
  );
}
