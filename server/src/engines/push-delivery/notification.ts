/**
 * The notification a conversation's push shows (docs/decisions.md#web-push): the contact's name, the unread count
 * when more than one, a flat preview of the newest incoming message, the conversation's link and tag.
 */
import { contactDisplayName } from '@shared/contacts/rules.ts';
import { MESSAGE_TYPE_LABELS } from '@shared/messages/kind.ts';
import type { MessageType } from '@shared/messages/schemas.ts';
import { conversationPath, conversationTag } from '@shared/push/message.ts';
import { pushMessageSchema } from '@shared/push/schemas.ts';
import type { NotificationRow } from './repository.ts';

const PREVIEW_CHARS = 180;

export function pushNotification(contactId: string, content: NotificationRow) {
  const name = contactDisplayName({ ...content, telegramId: content.telegramId.toString() });
  return pushMessageSchema.parse({
    title: truncate(content.unreadCount > 1 ? `${content.unreadCount} novas mensagens de ${name}` : `Nova mensagem de ${name}`, 200),
    body: truncate(preview(content), PREVIEW_CHARS),
    url: conversationPath(contactId),
    tag: conversationTag(contactId),
  });
}

function preview(content: { type: string; text: string | null; mediaName: string | null }): string {
  const type = (content.type in MESSAGE_TYPE_LABELS ? content.type : 'OTHER') as MessageType;
  if (type === 'TEXT') return content.text ?? '';
  const detail = content.text || content.mediaName || '';
  return detail ? `${MESSAGE_TYPE_LABELS[type]}: ${detail}` : MESSAGE_TYPE_LABELS[type];
}

function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
