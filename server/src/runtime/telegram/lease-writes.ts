/**
 * The pollers' stream marks (polling-lease-repository.ts#writeStreamMarks), written together: a mark reported while
 * a write is in flight waits for the next write, which carries every mark gathered meanwhile. An idle instance writes
 * a lone mark at once (no timer, no added delay); a busy one writes one statement for many bots instead of one per
 * batch per bot. Each poller still waits for its own mark to be stored before it handles the batch, so the
 * exactly-once guarantees of update-poller.ts are unchanged.
 */
import type { Sql } from '../../db/client.ts';
import { writeStreamMarks, type StreamMark } from './polling-lease-repository.ts';

type Waiting = { mark: StreamMark; settle: { resolve(held: boolean): void; reject(error: unknown): void }[] };

export function createLeaseWrites(sql: Sql, instanceId: string) {
  let pending = new Map<string, Waiting>();
  let writing = false;

  async function drain() {
    writing = true;
    // The marks of the current tick join the first write.
    await Promise.resolve();
    while (pending.size > 0) {
      const batch = [...pending.values()];
      pending = new Map();
      try {
        const held = await writeStreamMarks(sql, instanceId, batch.map((entry) => entry.mark));
        for (const entry of batch) for (const settle of entry.settle) settle.resolve(held.has(entry.mark.botId));
      } catch (error) {
        for (const entry of batch) for (const settle of entry.settle) settle.reject(error);
      }
    }
    writing = false;
  }

  return {
    /** Stores the mark; false when the bot's lease is no longer this instance's. */
    mark(mark: StreamMark): Promise<boolean> {
      return new Promise((resolve, reject) => {
        const queued = pending.get(mark.botId);
        if (queued) {
          // One poller per bot reports one mark at a time; two can only meet across a restart: the furthest wins.
          queued.mark = { botId: mark.botId, through: maxOf(queued.mark.through, mark.through), next: maxOf(queued.mark.next, mark.next) };
          queued.settle.push({ resolve, reject });
        } else {
          pending.set(mark.botId, { mark, settle: [{ resolve, reject }] });
        }
        if (!writing) void drain();
      });
    },
  };
}

const maxOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
