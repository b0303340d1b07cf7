/**
 * A quick reply's text for one contact: `{firstName}`, `{lastName}`, `{username}` (the welcome messages' names, read
 * the same way: `@username`, else the first name) and `{fullName}`. Replies are plain text, so nothing is escaped;
 * an unknown `{name}` stays as written, for the member to see before sending.
 */
import type { QuickReply } from './schemas.ts';

export type QuickReplyContact = { firstName: string; lastName: string | null; username: string | null };

export const QUICK_REPLY_VARIABLES = ['{firstName}', '{lastName}', '{fullName}', '{username}'] as const;

export function fillQuickReply(text: string, contact: QuickReplyContact): string {
  const values: Record<string, string> = {
    firstName: contact.firstName,
    lastName: contact.lastName ?? '',
    fullName: [contact.firstName, contact.lastName].filter(Boolean).join(' '),
    username: contact.username ? `@${contact.username}` : contact.firstName,
  };
  return text.replace(/\{(firstName|lastName|fullName|username)\}/g, (_, name: string) => values[name] ?? '');
}

/** The quick replies a `/query` lists: shortcuts starting with it first, then those containing it, each by shortcut. */
export function matchQuickReplies(replies: readonly QuickReply[], query: string): QuickReply[] {
  const wanted = query.toLowerCase();
  // Code-point order: shortcuts are ASCII (the schema's rule), the same on every device.
  const sorted = [...replies].sort((a, b) => (a.shortcut < b.shortcut ? -1 : a.shortcut > b.shortcut ? 1 : 0));
  const starts = sorted.filter((reply) => reply.shortcut.startsWith(wanted));
  const contains = sorted.filter((reply) => !reply.shortcut.startsWith(wanted) && reply.shortcut.includes(wanted));
  return [...starts, ...contains];
}
