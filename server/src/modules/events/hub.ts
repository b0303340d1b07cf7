/**
 * Live events (docs/decisions.md#p-inbox): the open event streams of this process, by user. It listens to the
 * notifier once per topic (in-process in embedded mode; LISTEN/NOTIFY on PostgreSQL, so a message stored by another
 * server process reaches these streams too) and writes each event to that user's streams only. An event is a hint
 * ("this conversation changed: pull"), never the data, so a stream that missed some loses nothing: a reconnect
 * pulls. One account keeps at most LIVE_STREAMS_PER_ACCOUNT streams open on a process (MAX_STREAMS_PER_USER by
 * default): a new one closes the oldest (its client, if still there, reconnects and pulls), so a script opening
 * streams in a loop holds a bounded amount.
 */
import type { LiveEvent } from '@shared/messages/schemas.ts';
import type { Notifier } from '../../db/notify.ts';

/** sync.changed: a sync push committed changes; the user's other devices pull at once (docs/offline-sync.md#rule-6). */
export const LIVE_TOPICS = ['messages.changed', 'bots.changed', 'channels.changed', 'contacts.changed', 'funnels.changed', 'sync.changed'] as const;

type Listener = (frame: Uint8Array) => void;

/** Tabs and devices of one account together; far above what a person opens. */
export const MAX_STREAMS_PER_USER = 20;

export type EventHub = {
  /** Registers a stream; the returned function unregisters it. `evict` ends it when the account opens one too many. */
  attach(userId: string, listener: Listener, evict?: () => void): () => void;
  size(): number;
  close(): void;
};

const encoder = new TextEncoder();

export function sseFrame(event: string, data: unknown): Uint8Array {
  return encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

export function createEventHub(notifier: Notifier, maxPerUser = MAX_STREAMS_PER_USER): EventHub {
  /** Per user, each stream's listener and how to end it, oldest first. */
  const streams = new Map<string, Map<Listener, () => void>>();
  let count = 0;
  const unsubscribe = LIVE_TOPICS.map((topic) =>
    notifier.subscribe(topic, ({ payload }) => {
      const userId = typeof payload.userId === 'string' ? payload.userId : undefined;
      const listeners = userId ? streams.get(userId) : undefined;
      if (!listeners) return;
      const event: LiveEvent = { topic };
      if (typeof payload.contactId === 'string') event.contactId = payload.contactId;
      if (typeof payload.botId === 'string') event.botId = payload.botId;
      if (typeof payload.funnelId === 'string') event.funnelId = payload.funnelId;
      if (typeof payload.clientId === 'string') event.clientId = payload.clientId;
      // Encoded once, written to every stream of the user.
      const frame = sseFrame('change', event);
      for (const listener of listeners.keys()) listener(frame);
    }),
  );
  return {
    attach(userId, listener, evict = () => {}) {
      const open = streams.get(userId) ?? new Map<Listener, () => void>();
      streams.set(userId, open);
      const detach = (which: Listener) => {
        if (!open.delete(which)) return;
        count -= 1;
        if (open.size === 0 && streams.get(userId) === open) streams.delete(userId);
      };
      while (open.size >= maxPerUser) {
        const [oldest, end] = open.entries().next().value ?? [];
        if (!oldest || !end) break;
        detach(oldest);
        end();
      }
      open.set(listener, evict);
      count += 1;
      return () => detach(listener);
    },
    size: () => count,
    close() {
      for (const stop of unsubscribe) stop();
      streams.clear();
    },
  };
}
