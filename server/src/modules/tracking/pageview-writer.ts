/**
 * Page views are written in batches with group commit (docs/decisions.md#funnel-tracking): each request adds its
 * rows and WAITS for the batch holding them to commit before it answers 204, so an acknowledged page view is never
 * lost (a crash loses only views not yet answered, which the browser did not see acknowledged either). A batch
 * leaves when `flushDelayMs` has passed since its first row or when it holds `maxBatch` rows; at most
 * `maxInFlight` batches write at once, the others wait their turn, so a burst becomes a few multi-row statements
 * instead of thousands of single-row transactions.
 */
import type { Queryable } from '../../db/client.ts';
import type { EventWrite, VisitWrite } from './repository.ts';
import { writeVisitsAndEvents } from './repository.ts';

export type PageviewWriterOptions = { flushDelayMs?: number; maxBatch?: number; maxInFlight?: number };

type Pending = { visit: VisitWrite; event: EventWrite; resolve(): void; reject(error: unknown): void };

export type PageviewWriter = { write(visit: VisitWrite, event: EventWrite): Promise<void>; close(): Promise<void> };

export function createPageviewWriter(sql: Queryable, options: PageviewWriterOptions = {}): PageviewWriter {
  const flushDelay = options.flushDelayMs ?? 3;
  const maxBatch = options.maxBatch ?? 128;
  const maxInFlight = options.maxInFlight ?? 8;
  let batch: Pending[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = 0;
  const ready: Pending[][] = [];
  const writing = new Set<Promise<void>>();

  function cut() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (batch.length === 0) return;
    ready.push(batch);
    batch = [];
    pump();
  }

  function pump() {
    while (inFlight < maxInFlight && ready.length > 0) {
      const rows = ready.shift() ?? [];
      inFlight++;
      const task = run(rows).finally(() => {
        inFlight--;
        writing.delete(task);
        pump();
      });
      writing.add(task);
    }
  }

  async function run(rows: Pending[]) {
    try {
      await writeVisitsAndEvents(sql, ...merge(rows));
      for (const row of rows) row.resolve();
    } catch (error) {
      for (const row of rows) row.reject(error);
    }
  }

  return {
    write(visit, event) {
      return new Promise<void>((resolve, reject) => {
        batch.push({ visit, event, resolve, reject });
        if (batch.length >= maxBatch) cut();
        else timer ??= setTimeout(cut, flushDelay);
      });
    },
    async close() {
      cut();
      while (writing.size > 0 || ready.length > 0) await Promise.allSettled([...writing]);
    },
  };
}

/** One visit row per (funnel, visit) — an upsert may not touch a row twice — and one event per dedupe key. */
function merge(rows: Pending[]): [VisitWrite[], EventWrite[]] {
  const visits = new Map<string, VisitWrite>();
  const events = new Map<string, EventWrite>();
  for (const { visit, event } of rows) {
    const key = `${visit.funnel_id}:${visit.visit_id}`;
    const first = visits.get(key);
    visits.set(key, first ? { ...visit, url: first.url, referrer: first.referrer ?? visit.referrer, at: first.at } : visit);
    events.set(`${event.funnel_id}:${event.dedupe_key ?? crypto.randomUUID()}`, event);
  }
  const byKey = <T extends { funnel_id: string }>(list: T[], key: (item: T) => string) =>
    list.sort((a, b) => (a.funnel_id === b.funnel_id ? key(a).localeCompare(key(b)) : a.funnel_id.localeCompare(b.funnel_id)));
  return [byKey([...visits.values()], (v) => v.visit_id), byKey([...events.values()], (e) => e.dedupe_key ?? '')];
}
