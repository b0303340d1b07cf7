/**
 * The outgoing-webhook events of one journal flush (ports/webhook-events.ts), written in its transaction: contacts
 * the flush created or changed (never the bots among them), and the private messages it stored, each as a receiver
 * reads it (shared/webhooks/events.ts).
 */
import { toWebhookContact } from '@shared/webhooks/events.ts';
import type { Queryable } from '../../../db/client.ts';
import type { StoredMessage } from '../../../ports/stored-messages.ts';
import { emitWebhookEvents, type WebhookEventInput } from '../../../ports/webhook-events.ts';
import type { UpsertedContact } from './contact-repository.ts';

export async function emitJournalEvents(tx: Queryable, changes: UpsertedContact[], stored: Array<StoredMessage & { text: string | null }>): Promise<void> {
  const events: WebhookEventInput[] = [];
  for (const change of changes) {
    if (change.isBot) continue;
    const contact = toWebhookContact({ ...change, id: change.contactId });
    events.push(change.created
      ? { workspaceId: change.userId, type: 'contact.created', data: { contact } }
      : { workspaceId: change.userId, type: 'contact.updated', data: { contact, changedFields: change.changedFields } });
  }
  for (const message of stored) {
    const data = { message: { id: message.uid, botId: message.botId, contactId: message.contactId, direction: message.direction, type: message.type, text: message.text } };
    events.push({ workspaceId: message.userId, type: message.direction === 'in' ? 'message.received' : 'message.sent', data });
  }
  await emitWebhookEvents(tx, events);
}
