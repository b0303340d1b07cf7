/**
 * The pollers' in-flight marks, group-committed (docs/decisions.md#scale-out): each poller records its batch as in
 * flight before handling it, one statement per batch per bot. Here a mark that comes while this instance already has
 * as many mark statements under way as it allows waits for one of them and leaves with the others that came
 * meanwhile, in one statement (`markHandlingMany`). The embedded database's one connection allows one (a mark there
 * would queue behind the previous one anyway: now it rides along instead of adding a statement); PostgreSQL half the
 * pool (marks of different bots run side by side, as before, and merge only in a burst). An idle database writes
 * each mark at once. Each poller still waits for its own mark to commit before handling its batch: at-most-once is
 * unchanged, only how many marks one statement carries.
 */
import type { Sql } from '../../db/client.ts';
import { markHandlingMany, type HandlingMark } from './polling-lease-repository.ts';

type Waiting = HandlingMark & { settle: Array<{ resolve(held: boolean): void; reject(error: unknown): void }> };

export type MarkWriter = {
  /** Records `through` as in flight for the bot (and the offset past its previous batch); false: the lease is gone. */
  mark(botId: string, through: number, nextOffset: number | undefined): Promise<boolean>;
};

export function createMarkWriter(sql: Sql, instanceId: string): MarkWriter {
  const limit = Math.max(1, Math.floor(sql.options.max / 2));
  let waiting = new Map<string, Waiting>();
  let inFlight = 0;
  let scheduled = false;

  async function write(batch: Waiting[]) {
    try {
      const held = await markHandlingMany(sql, instanceId, batch.map(({ botId, through, nextOffset }) => ({ botId, through, nextOffset })));
      for (const mark of batch) for (const one of mark.settle) one.resolve(held.has(mark.botId));
    } catch (error) {
      for (const mark of batch) for (const one of mark.settle) one.reject(error);
    } finally {
      inFlight -= 1;
      pump();
    }
  }

  function pump() {
    scheduled = false;
    if (inFlight >= limit || waiting.size === 0) return;
    const batch = [...waiting.values()];
    waiting = new Map();
    inFlight += 1;
    void write(batch);
  }

  return {
    mark(botId, through, nextOffset) {
      return new Promise<boolean>((resolve, reject) => {
        const same = waiting.get(botId);
        const next = nextOffset ?? null;
        if (same) {
          // One poller marks one batch at a time; two marks of a bot waiting together merge (the larger of each).
          same.through = Math.max(same.through, through);
          same.nextOffset = same.nextOffset === null ? next : next === null ? same.nextOffset : Math.max(same.nextOffset, next);
          same.settle.push({ resolve, reject });
        } else {
          waiting.set(botId, { botId, through, nextOffset: next, settle: [{ resolve, reject }] });
        }
        // The marks of the same tick join the first one.
        if (!scheduled && inFlight < limit) {
          scheduled = true;
          queueMicrotask(pump);
        }
      });
    },
  };
}
