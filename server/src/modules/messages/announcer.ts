/**
 * The one place that tells the world about inbox messages (docs/decisions.md#p-inbox): every message the runtime
 * stores (a user wrote, a flow or welcome answered) and every change of a reply's delivery goes through here to
 * the notifier, which feeds the live event streams of every server process (LISTEN/NOTIFY on PostgreSQL).
 * Web push of incoming messages to the owner's subscriptions (docs/decisions.md#web-push) is one call in `stored`,
 * next to the publish: it only enqueues (modules/push/sender.ts), so it never holds up message handling.
 */
import type { Notifier } from '../../db/notify.ts';
import type { Logger } from '../../lib/logger.ts';
import type { StoredMessage } from '../../runtime/telegram/journal/contact-journal.ts';

export const MESSAGES_TOPIC = 'messages.changed';

export type InboxChange = { userId: string; contactId: string; botId: string };

export type InboxAnnouncer = {
  stored(messages: StoredMessage[]): void;
  changed(change: InboxChange): void;
};

/** What the announcer needs of web push: modules/push/sender.ts's `incoming`, which picks the incoming messages. */
export type IncomingPush = (messages: StoredMessage[]) => void;

export function createInboxAnnouncer(notifier: Notifier, logger: Logger, push: IncomingPush = () => {}): InboxAnnouncer {
  const publish = (change: InboxChange) =>
    void notifier.publish(MESSAGES_TOPIC, { ...change }).catch((error: unknown) => logger.warn('falha ao anunciar mensagem', { error }));
  return {
    stored(messages) {
      push(messages);
      // One event per conversation of the batch: a screen pulls once, however many messages arrived.
      const seen = new Set<string>();
      for (const message of messages) {
        if (seen.has(message.contactId)) continue;
        seen.add(message.contactId);
        publish({ userId: message.userId, contactId: message.contactId, botId: message.botId });
      }
    },
    changed: publish,
  };
}

/** Apps built without a notifier (unit tests of other modules). */
export const silentAnnouncer: InboxAnnouncer = { stored: () => {}, changed: () => {} };
