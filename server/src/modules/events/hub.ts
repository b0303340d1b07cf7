/**
 * Live events (docs/decisions.md#p-inbox): the open event streams of this process, by user. It listens to the
 * notifier once per topic (in-process in embedded mode; LISTEN/NOTIFY on PostgreSQL, so a message stored by another
 * server process reaches these streams too) and writes each event to that user's streams only. An event is a hint
 * ("this conversation changed: pull"), never the data, so a stream that missed some loses nothing: a reconnect
 * pulls.
 */
import type { LiveEvent } from '@shared/messages/schemas.ts';
import type { Notifier } from '../../db/notify.ts';

/** sync.changed: a sync push committed changes; the user's other devices pull at once (docs/offline-sync.md#rule-6). */
export const LIVE_TOPICS = ['messages.changed', 'bots.changed', 'channels.changed', 'contacts.changed', 'funnels.changed', 'sync.changed'] as const;

type Listener = (frame: Uint8Array) => void;

export type EventHub = {
  /** Registers a stream; the returned function unregisters it. */
  attach(userId: string, listener: Listener): () => void;
  size(): number;
  close(): void;
};

const encoder = new TextEncoder();

export function sseFrame(event: string, data: unknown): Uint8Array {
  return encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

export function createEventHub(notifier: Notifier): EventHub {
  const streams = new Map<string, Set<Listener>>();
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
      for (const listener of listeners) listener(frame);
    }),
  );
  return {
    attach(userId, listener) {
      const set = streams.get(userId) ?? new Set<Listener>();
      set.add(listener);
      streams.set(userId, set);
      count += 1;
      return () => {
        if (!set.delete(listener)) return;
        count -= 1;
        if (set.size === 0) streams.delete(userId);
      };
    },
    size: () => count,
    close() {
      for (const stop of unsubscribe) stop();
      streams.clear();
    },
  };
}
