/** Pure contact rules both sides use (docs/product.md#screen-contacts). */
import { balanceBidi } from '../text/invisible.ts';

type Named = { firstName: string; lastName: string | null; username: string | null; telegramId: string };

/** First + last name (an override in the first name ends with it); else first name; else @username; else 'User {telegramId}'. */
export function contactDisplayName(contact: Named): string {
  const first = contact.firstName.trim();
  const last = contact.lastName?.trim() ?? '';
  if (first && last) return `${balanceBidi(first)} ${last}`;
  if (first) return first;
  if (contact.username) return `@${contact.username}`;
  return `User ${contact.telegramId}`;
}

/**
 * Search text folded for an accent- and case-insensitive "contains": the client's twin of the database's
 * contact_search_fold (migration 0420), which folds the same Latin letters.
 */
export function foldSearchText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** What a search looks in: first name, last name, username and Telegram id. */
export const contactSearchText = (contact: Named): string =>
  foldSearchText(`${contact.firstName} ${contact.lastName ?? ''} ${contact.username ?? ''} ${contact.telegramId}`);
