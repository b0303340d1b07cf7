/**
 * Where one bot's polling stands (docs/decisions.md#scale-out): the offset sent to Telegram, the update ids at or above
 * it a previous owner receipted (not handled again), and the offset sent but not stored yet, which rides on the next
 * batch's write, or is written alone when a poll comes back empty and when the poller stops (a new owner starting
 * lower only meets receipted ids).
 */
import type { Update } from 'grammy/types';

export function createPollOffset(start: number | undefined, done: readonly number[], commit: (nextOffset: number) => Promise<boolean>) {
  let offset = start;
  const receipted = new Set(done);
  let unwritten: number | undefined;
  const moved = (next: number) => {
    offset = next;
    for (const id of receipted) if (id < next) receipted.delete(id);
  };
  return {
    current: () => offset,
    /** The updates of a batch to handle: at or above the offset, without a receipt. */
    fresh: (updates: Update[]) => updates.filter((update) => (offset === undefined || update.update_id >= offset) && !receipted.has(update.update_id)),
    /** A batch was stored with `next` as its offset. */
    stored(next: number) {
      unwritten = undefined;
      moved(next);
    },
    /** Only updates a previous owner had receipted (done_ids, before migration 0610): the offset alone moves on. */
    skipped(next: number) {
      moved(next);
      unwritten = next;
    },
    /** Stores the offset not stored yet; false: the lease is gone. */
    async write(): Promise<boolean> {
      if (unwritten === undefined) return true;
      const next = unwritten;
      if (!(await commit(next))) return false;
      if (unwritten === next) unwritten = undefined;
      return true;
    },
  };
}
