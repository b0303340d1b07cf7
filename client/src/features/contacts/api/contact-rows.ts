/**
 * The contact screens read the local cache (docs/decisions.md#p-contacts): every contact of the user is synced,
 * so the list, search and stats work offline after one visit. Rows come through the `botId` index; the filtering,
 * sorting and paging happen in memory (utils/contact-query.ts) and only one page is rendered.
 */
import type { Bot } from '@shared/bots/schemas.ts';
import type { Contact } from '@shared/contacts/schemas.ts';
import { useCached } from '../../../offline/hooks.ts';

/** One bot's contacts, or every contact when `botId` is undefined. */
export function useCachedContacts(botId: string | undefined): Contact[] | undefined {
  return useCached((db) => (botId === undefined ? db.contacts.toArray() : db.contacts.where('botId').equals(botId).toArray()), [botId]);
}

/** The user's bots by name (filter, breakdown, card labels). */
export function useContactBots(): Bot[] | undefined {
  return useCached(async (db) => (await db.bots.toArray()).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.id.localeCompare(b.id)), []);
}
