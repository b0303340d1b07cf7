/**
 * Change notifications (a bot was added, a message arrived, …) for live screens and background workers.
 *
 * Delivery is always in-process first. On a real PostgreSQL the event is also sent with NOTIFY and heard with
 * LISTEN, so several server processes behind one database hear each other; an origin id stops a process from
 * handling its own event twice. In embedded mode the notifier stays in-process only: PGlite's socket server
 * does not deliver NOTIFY to other connections (docs/stack-notes.md#pglite), and the embedded database is owned by exactly
 * one server process anyway, so there is nobody else to tell.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Logger } from '../lib/logger.ts';
import type { Database } from './client.ts';

export const NOTIFY_CHANNEL = 'canalize_events';

export type ChangeEvent = { topic: string; payload: Record<string, unknown> };
export type ChangeHandler = (event: ChangeEvent) => void;

export type Notifier = {
  publish(topic: string, payload?: Record<string, unknown>): Promise<void>;
  subscribe(topic: string, handler: ChangeHandler): () => void;
  close(): Promise<void>;
};

type Wire = z.infer<typeof wireSchema>;

export async function createNotifier(db: Database, logger: Logger): Promise<Notifier> {
  const origin = randomUUID();
  const handlers = new Map<string, Set<ChangeHandler>>();

  const deliver = (event: ChangeEvent) => {
    for (const handler of handlers.get(event.topic) ?? []) {
      try {
        handler(event);
      } catch (error) {
        logger.error('notifier handler failed', { topic: event.topic, error });
      }
    }
  };

  let unlisten: (() => Promise<void>) | undefined;
  if (db.mode === 'postgres') {
    const listening = await db.sql.listen(NOTIFY_CHANNEL, (text) => {
      const wire = parseWire(text);
      if (wire && wire.origin !== origin) deliver({ topic: wire.topic, payload: wire.payload });
    });
    unlisten = () => listening.unlisten();
  }

  return {
    async publish(topic, payload = {}) {
      deliver({ topic, payload });
      if (db.mode !== 'postgres') return;
      const wire: Wire = { origin, topic, payload };
      await db.sql.notify(NOTIFY_CHANNEL, JSON.stringify(wire));
    },
    subscribe(topic, handler) {
      const set = handlers.get(topic) ?? new Set<ChangeHandler>();
      set.add(handler);
      handlers.set(topic, set);
      return () => set.delete(handler);
    },
    async close() {
      handlers.clear();
      await unlisten?.();
    },
  };
}

const wireSchema = z.object({ origin: z.string(), topic: z.string(), payload: z.record(z.string(), z.unknown()) });

function parseWire(text: string): Wire | undefined {
  try {
    const parsed = wireSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
