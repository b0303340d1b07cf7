/**
 * Change notifications (a bot was added, a message arrived, …) for live screens and background workers.
 *
 * Delivery is always in-process first. On a real PostgreSQL the event is also sent with NOTIFY and heard with
 * LISTEN, so several server processes behind one database hear each other; an origin id stops a process from
 * handling its own event twice. In embedded mode the notifier stays in-process only: PGlite's socket server
 * does not deliver NOTIFY to other connections (docs/stack-notes.md#pglite), and the embedded database is owned by exactly
 * one server process anyway, so there is nobody else to tell.
 *
 * NOTIFYs are coalesced (docs/decisions.md#scale-out): a NOTIFY takes a database-wide lock at commit, and one per
 * event (a message stored per update) made the instances queue on it. The events published while this process's
 * previous NOTIFY is under way (and those of the same tick) leave together in one NOTIFY, `{origin, events}`, split
 * below PostgreSQL's 8 000-byte payload limit; identical events waiting together are sent once (an event is a hint).
 * One NOTIFY at a time per process, so the lock is taken at most once per round trip whatever the event rate. The
 * listener also reads the single form `{origin, topic, payload}` (the database's triggers, older instances).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Logger } from '../lib/logger.ts';
import type { Database } from './client.ts';

export const NOTIFY_CHANNEL = 'canalize_events';
/** PostgreSQL refuses payloads of 8 000 bytes or more; some room is kept for the envelope. */
const MAX_PAYLOAD_BYTES = 7_800;

export type ChangeEvent = { topic: string; payload: Record<string, unknown> };
export type ChangeHandler = (event: ChangeEvent) => void;

export type Notifier = {
  publish(topic: string, payload?: Record<string, unknown>): Promise<void>;
  subscribe(topic: string, handler: ChangeHandler): () => void;
  close(): Promise<void>;
};

type Waiting = { text: string; resolve(): void; reject(error: unknown): void };

export async function createNotifier(db: Database, logger: Logger): Promise<Notifier> {
  const origin = randomUUID();
  const ownHead = wireHead(origin);
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
      // This process's own NOTIFYs come back too: recognised by their opening, before any parsing.
      if (text.startsWith(ownHead)) return;
      const wire = parseWire(text);
      if (wire && wire.origin !== origin) for (const event of wire.events) deliver(event);
    });
    unlisten = () => listening.unlisten();
  }

  const notify = coalescedNotify(db, origin);
  return {
    publish(topic, payload = {}) {
      deliver({ topic, payload });
      if (db.mode !== 'postgres') return Promise.resolve();
      return notify(JSON.stringify({ topic, payload }));
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

/**
 * One NOTIFY at a time per process: the events published while one is under way (and those of the same tick as the
 * first) leave together in the next. Each publisher's promise settles with the NOTIFY that carried its event.
 */
function coalescedNotify(db: Database, origin: string) {
  // Events waiting for the next NOTIFY; `sending` while one is under way.
  let waiting: Waiting[] = [];
  let sending = false;

  async function send() {
    sending = true;
    // The events published in the same tick as the first one join it.
    await Promise.resolve();
    try {
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        for (const chunk of chunks(origin, batch)) {
          try {
            await db.sql.notify(NOTIFY_CHANNEL, chunk.text);
            for (const item of chunk.items) item.resolve();
          } catch (error) {
            for (const item of chunk.items) item.reject(error);
          }
        }
      }
    } finally {
      sending = false;
    }
  }

  return (text: string) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ text, resolve, reject });
      if (!sending) void send();
    });
}

/**
 * The wire texts of a batch: `{"origin":…,"events":[…]}` each below the payload limit, identical events once. An
 * event too large for a NOTIFY of its own is still sent alone (PostgreSQL refuses it: its publisher hears why).
 */
function chunks(origin: string, batch: Waiting[]): Array<{ text: string; items: Waiting[] }> {
  const unique = new Map<string, Waiting[]>();
  for (const item of batch) {
    const same = unique.get(item.text);
    if (same) same.push(item);
    else unique.set(item.text, [item]);
  }
  const head = wireHead(origin);
  const out: Array<{ text: string; items: Waiting[] }> = [];
  let texts: string[] = [];
  let items: Waiting[] = [];
  let bytes = Buffer.byteLength(head) + 2;
  for (const [text, publishers] of unique) {
    const size = Buffer.byteLength(text) + 1;
    if (texts.length > 0 && bytes + size > MAX_PAYLOAD_BYTES) {
      out.push({ text: `${head}${texts.join(',')}]}`, items });
      texts = [];
      items = [];
      bytes = Buffer.byteLength(head) + 2;
    }
    texts.push(text);
    items.push(...publishers);
    bytes += size;
  }
  if (texts.length > 0) out.push({ text: `${head}${texts.join(',')}]}`, items });
  return out;
}

const wireHead = (origin: string) => `{"origin":${JSON.stringify(origin)},"events":[`;

const eventSchema = z.object({ topic: z.string(), payload: z.record(z.string(), z.unknown()) });
const wireSchema = z.union([
  z.object({ origin: z.string(), events: z.array(eventSchema) }),
  z.object({ origin: z.string(), topic: z.string(), payload: z.record(z.string(), z.unknown()) }),
]);

function parseWire(text: string): { origin: string; events: ChangeEvent[] } | undefined {
  try {
    const parsed = wireSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return undefined;
    const wire = parsed.data;
    return 'events' in wire ? wire : { origin: wire.origin, events: [{ topic: wire.topic, payload: wire.payload }] };
  } catch {
    return undefined;
  }
}
