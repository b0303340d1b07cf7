/**
 * The contact screens' list logic over the cached rows (docs/decisions.md#p-contacts): the same filter, search,
 * sort, pages and stats the server's contacts API answers, computed on the device so the screens work offline.
 * Pure, so it is unit-tested without a browser.
 */
import { CONTACT_LIMITS, type Contact, type ContactFilter, type ContactSortField, type ContactStats } from '@shared/contacts/schemas.ts';
import { contactSearchText, foldSearchText } from '@shared/contacts/rules.ts';

export type ContactQuery = {
  search: string;
  filter: ContactFilter;
  sortBy: ContactSortField;
  sortOrder: 'asc' | 'desc';
  page: number;
  botId?: string | undefined;
  /** Only the contacts carrying this label (as GET /contacts?label=). */
  label?: string | undefined;
};

export const DEFAULT_CONTACT_QUERY: ContactQuery = { search: '', filter: 'all', sortBy: 'lastInteractionAt', sortOrder: 'desc', page: 1 };

/** `totalCapped`: the server stopped counting a search's matches (a lower bound, docs/decisions.md#p-contacts). */
export type ContactPageResult = { rows: Contact[]; total: number; page: number; totalPages: number; totalCapped?: boolean };

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

const COMPARE: Record<ContactSortField, (a: Contact, b: Contact) => number> = {
  lastInteractionAt: (a, b) => a.lastInteractionAt.localeCompare(b.lastInteractionAt),
  createdAt: (a, b) => a.createdAt.localeCompare(b.createdAt),
  firstName: (a, b) => collator.compare(a.firstName, b.firstName),
  messageCount: (a, b) => a.messageCount - b.messageCount,
};

/** Every contact matching the query, sorted (ties by id, as the server). */
export function matchContacts(contacts: readonly Contact[], query: Omit<ContactQuery, 'page'>): Contact[] {
  const term = foldSearchText(query.search.trim());
  const matched = contacts.filter(
    (contact) =>
      (query.botId === undefined || contact.botId === query.botId) &&
      (query.filter === 'all' || contact.isBot === (query.filter === 'bots')) &&
      (query.label === undefined || contact.labelIds.includes(query.label)) &&
      (term === '' || contactSearchText(contact).includes(term)),
  );
  const sign = query.sortOrder === 'asc' ? 1 : -1;
  const compare = COMPARE[query.sortBy];
  return matched.sort((a, b) => sign * (compare(a, b) || a.id.localeCompare(b.id)));
}

/** One page of `pageSize`; a page past the end shows the last one ('Página X de Y' never shows X > Y). */
export function pageOf(matched: readonly Contact[], page: number, pageSize: number = CONTACT_LIMITS.pageSize): ContactPageResult {
  const totalPages = Math.ceil(matched.length / pageSize);
  const current = Math.min(Math.max(1, page), Math.max(1, totalPages));
  return { rows: matched.slice((current - 1) * pageSize, current * pageSize), total: matched.length, page: current, totalPages };
}

/** Total, Humanos, Bots, Com Username, Ativos 24h (docs/product.md#entity-contact). */
export function contactStats(contacts: readonly Contact[], now: number): ContactStats {
  const since = now - CONTACT_LIMITS.activeWindowMs;
  let bots = 0;
  let withUsername = 0;
  let recentlyActive = 0;
  for (const contact of contacts) {
    if (contact.isBot) bots += 1;
    if (contact.username) withUsername += 1;
    if (Date.parse(contact.lastInteractionAt) >= since) recentlyActive += 1;
  }
  return { total: contacts.length, humans: contacts.length - bots, bots, withUsername, recentlyActive };
}

/** Contacts per bot, most first (the global page's breakdown); bots without contacts count 0. */
export function countByBot(contacts: readonly Contact[], botIds: readonly string[]): Map<string, number> {
  const counts = new Map(botIds.map((id) => [id, 0]));
  for (const contact of contacts) counts.set(contact.botId, (counts.get(contact.botId) ?? 0) + 1);
  return counts;
}
