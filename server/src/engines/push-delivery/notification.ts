/**
 * The notification a conversation's push shows (docs/decisions.md#web-push): the contact's name, the unread count
 * when more than one, a flat preview of the newest incoming message, the conversation's link and tag. The system
 * draws these as plain text, with nothing to isolate the contact's words from ours: bidirectional controls are
 * taken out here, where every payload is built, so a name like `\u202Eevil` cannot reverse the title on any device.
 */
import { contactDisplayName } from '@shared/contacts/rules.ts';
import { MESSAGE_TYPE_LABELS } from '@shared/messages/kind.ts';
import type { MessageType } from '@shared/messages/schemas.ts';
import { conversationPath, conversationTag } from '@shared/push/message.ts';
import { pushMessageSchema } from '@shared/push/schemas.ts';
import type { NotificationRow } from './repository.ts';
import { stripBidiControls } from '@shared/text/invisible.ts';

const PREVIEW_CHARS = 180;

/** `assigned`: the conversation was just assigned to the member the push goes to. */
export function pushNotification(contactId: string, content: NotificationRow, assigned = false) {
  const name = contactDisplayName({ ...content, telegramId: content.telegramId.toString() });
  const title = assigned
    ? `Conversa com ${name} atribuída a você`
    : content.unreadCount > 1 ? `${content.unreadCount} novas mensagens de ${name}` : `Nova mensagem de ${name}`;
  return pushMessageSchema.parse({
    title: truncate(title, 200),
    body: truncate(preview(content), PREVIEW_CHARS),
    url: conversationPath(contactId),
    tag: conversationTag(contactId),
  });
}

function preview(content: { type: string | null; text: string | null; mediaName: string | null }): string {
  if (content.type === null) return '';
  const type = (content.type in MESSAGE_TYPE_LABELS ? content.type : 'OTHER') as MessageType;
  if (type === 'TEXT') return content.text ?? '';
  const detail = content.text || content.mediaName || '';
  return detail ? `${MESSAGE_TYPE_LABELS[type]}: ${detail}` : MESSAGE_TYPE_LABELS[type];
}

function truncate(text: string, max: number): string {
  const flat = stripBidiControls(text).replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
