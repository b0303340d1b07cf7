/**
 * Webhook deduplication by update_id. Telegram re-sends an update only when our answer did not reach it (timeout,
 * non-2xx), and it does so within minutes, in order. So remembering the last N ids per bot, in memory, catches the
 * duplicates that happen in practice, at O(1) per update; a persisted table would put a write on every update for
 * the rare case of a re-send that straddles a restart (the only case this misses).
 */
export class RecentUpdates {
  private readonly ids = new Set<number>();
  private readonly order: number[] = [];
  private next = 0;

  constructor(private readonly capacity = 2048) {}

  /** True the first time an id is seen; false for a duplicate. */
  add(updateId: number): boolean {
    if (this.ids.has(updateId)) return false;
    if (this.order.length < this.capacity) this.order.push(updateId);
    else {
      const evicted = this.order[this.next];
      if (evicted !== undefined) this.ids.delete(evicted);
      this.order[this.next] = updateId;
      this.next = (this.next + 1) % this.capacity;
    }
    this.ids.add(updateId);
    return true;
  }
}
