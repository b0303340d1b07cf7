/**
 * The pollers' in-flight marks, group-committed (docs/decisions.md#scale-out): each poller records its batch as in
 * flight before handling it, one statement per batch per bot. Here a mark that comes while this
 * instance's previous mark statement is under way (queued behind other statements on the embedded database's one
 * connection, or on the wire) waits for it and leaves with the others that came meanwhile, in one statement
 * (`markHandlingMany`). An idle database writes each mark at once, as before; a busy one writes fewer, larger
 * statements instead of a queue of small ones. Each poller still waits for its own mark to commit before handling
 * its batch: nothing about at-most-once changes, only how many marks one statement carries.
 */
import type { Sql } from '../../db/client.ts';
import { markHandlingMany, type HandlingMark } from './polling-lease-repository.ts';

type Waiting = HandlingMark & { settle: Array<{ resolve(held: boolean): void; reject(error: unknown): void }> };

export type MarkWriter = {
  /** Records `through` as in flight for the bot (and the offset past its previous batch); false: the lease is gone. */
  mark(botId: string, through: number, nextOffset: number | undefined): Promise<boolean>;
};

export function createMarkWriter(sql: Sql, instanceId: string): MarkWriter {
  let waiting = new Map<string, Waiting>();
  let writing = false;

  async function write() {
    writing = true;
    // The marks of the same tick join the first one.
    await Promise.resolve();
    try {
      while (waiting.size > 0) {
        const batch = [...waiting.values()];
        waiting = new Map();
        try {
          const held = await markHandlingMany(sql, instanceId, batch.map(({ botId, through, nextOffset }) => ({ botId, through, nextOffset })));
          for (const mark of batch) for (const one of mark.settle) one.resolve(held.has(mark.botId));
        } catch (error) {
          for (const mark of batch) for (const one of mark.settle) one.reject(error);
        }
      }
    } finally {
      writing = false;
    }
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
        if (!writing) void write();
      });
    },
  };
}
