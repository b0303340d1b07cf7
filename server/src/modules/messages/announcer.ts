/**
 * The one place that tells the world about inbox messages (docs/decisions.md#p-inbox): every message the runtime
 * stores (a user wrote, a flow or welcome answered) and every change of a reply's delivery goes through here to
 * the notifier, which feeds the live event streams of every server process (LISTEN/NOTIFY on PostgreSQL).
 * Web push of incoming messages to the owner's subscriptions (docs/decisions.md#web-push) is one call in `stored`,
 * next to the publish: it only enqueues (engines/push-delivery), so it never holds up message handling.
 */
import type { Notifier } from '../../db/notify.ts';
import type { Logger } from '../../lib/logger.ts';
import type { MessagesStored } from '../../ports/stored-messages.ts';

export const MESSAGES_TOPIC = 'messages.changed';

export const CONVERSATIONS_TOPIC = 'conversations.changed';

export type InboxChange = { userId: string; contactId: string; botId: string };

/** A member assigned a conversation or changed its status; `assigned`: the assignment changed (the event's id). */
export type ConversationChange = InboxChange & {
  actorId: string;
  assigneeId: string | null;
  status: string;
  assignedEventId: string | undefined;
};

/** What web push offers the inbox on an assignment: the assignee is told (engines/push-delivery). */
export type AssignedPush = (assigned: { userId: string; contactId: string; assigneeId: string; eventId: string }) => void;

export type InboxAnnouncer = {
  stored: MessagesStored;
  changed(change: InboxChange): void;
  /** Every open console of the workspace hears it (conversations.changed); a new assignee is pushed to. */
  conversationChanged(change: ConversationChange): void;
};

/**
 * `push`: what the announcer needs of web push, the push delivery engine's `incoming`, which picks the incoming
 * messages; `assigned`: its push to a member a conversation was assigned to (never to who assigned it to themselves).
 */
export function createInboxAnnouncer(notifier: Notifier, logger: Logger, push: MessagesStored = () => {}, assigned: AssignedPush = () => {}): InboxAnnouncer {
  const publish = (change: InboxChange) =>
    void notifier.publish(MESSAGES_TOPIC, { ...change }).catch((error: unknown) => logger.warn('falha ao anunciar mensagem', { error }));
  return {
    conversationChanged({ assignedEventId, ...change }) {
      void notifier.publish(CONVERSATIONS_TOPIC, { ...change }).catch((error: unknown) => logger.warn('falha ao anunciar conversa', { error }));
      if (assignedEventId !== undefined && change.assigneeId !== null && change.assigneeId !== change.actorId) {
        assigned({ userId: change.userId, contactId: change.contactId, assigneeId: change.assigneeId, eventId: assignedEventId });
      }
    },
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
export const silentAnnouncer: InboxAnnouncer = { stored: () => {}, changed: () => {}, conversationChanged: () => {} };
