import type { Contact } from '@shared/contacts/schemas.ts';
import { activityText, MESSAGE_TYPE_LABELS } from '@shared/messages/kind.ts';
import { isActivity, type Message } from '@shared/messages/schemas.ts';
import { balanceBidi } from '@shared/text/invisible.ts';

/** docs/product.md#screen-contacts: first + last name; else first; else @username; else 'User {telegramId}'. */
export function contactName(contact: Pick<Contact, 'firstName' | 'lastName' | 'username' | 'telegramId'>): string {
  const full = [balanceBidi(contact.firstName), contact.lastName].filter(Boolean).join(' ').trim();
  if (full) return full;
  if (contact.username) return `@${contact.username}`;
  return `User ${contact.telegramId}`;
}

/** One line for the conversation list: the text, the media kind with its caption, or the activity (never empty). */
export function messagePreview(message: Pick<Message, 'type' | 'content' | 'mediaName'>): string {
  if (message.type === 'TEXT') return message.content;
  if (isActivity(message.type)) return activityText(message.type, message.content);
  const label = MESSAGE_TYPE_LABELS[message.type];
  const detail = message.content || message.mediaName || '';
  return detail ? `${label}: ${detail}` : label;
}

/** Who wrote the previewed message, before it: "Você: " for a reply typed in the console, "Bot: " for the bot's own. */
export function previewPrefix(message: Pick<Message, 'direction' | 'source'>): string {
  if (message.direction === 'INCOMING') return '';
  return message.source === 'OPERATOR' ? 'Você: ' : 'Bot: ';
}
