/**
 * Which conversations the list shows (docs/product.md#screen-chat): a search over the contact's name, @username and
 * the text of the messages cached on this device, "Não lidas", one bot, whose they are ("Minhas": assigned to the
 * signed-in member, "Sem responsável", "Todas") and where they stand (aberta, pendente, resolvida). Pure, over the
 * cached rows, so it works offline; the server's list answers the same filters (GET /messages/conversations).
 */
import { contactSearchText, foldSearchText } from '@shared/contacts/rules.ts';
import type { ConversationStatus } from '@shared/messages/assignment.ts';
import type { Message } from '@shared/messages/schemas.ts';

export type AssigneeFilter = 'mine' | 'none' | 'all';

export type ConversationFilter = {
  search: string;
  unreadOnly: boolean;
  botId: string | undefined;
  assignee: AssigneeFilter;
  status: ConversationStatus | undefined;
  label?: string | undefined;
};

export const ALL_CONVERSATIONS: ConversationFilter = { search: '', unreadOnly: false, botId: undefined, assignee: 'all', status: undefined };

type Filterable = {
  contactId: string;
  botId: string;
  unreadCount: number;
  assigneeId: string | null;
  status: ConversationStatus;
  contact: { firstName: string; lastName: string | null; username: string | null; telegramId: string; labelIds?: readonly string[] };
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

const assigneeMatches = (assigneeId: string | null, filter: AssigneeFilter, memberId: string | undefined) =>
  filter === 'all' || (filter === 'none' ? assigneeId === null : assigneeId !== null && assigneeId === memberId);

/** `memberId`: the signed-in member ("Minhas"). */
export function filterConversations<T extends Filterable>(rows: readonly T[], filter: ConversationFilter, matches: Map<string, Message>, memberId?: string): T[] {
  const term = searchTerm(filter.search);
  return rows.filter(
    (row) =>
      (!filter.unreadOnly || row.unreadCount > 0) &&
      assigneeMatches(row.assigneeId, filter.assignee, memberId) &&
      (filter.status === undefined || row.status === filter.status) &&
      (filter.botId === undefined || row.botId === filter.botId) &&
      (filter.label === undefined || (row.contact.labelIds ?? []).includes(filter.label)) &&
      (term === '' || contactSearchText(row.contact).includes(term) || matches.has(row.contactId)),
  );
}
