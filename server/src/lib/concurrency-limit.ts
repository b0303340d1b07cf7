/**
 * At most `limit` tasks run at once; the others wait their turn in arrival order. What it guards is memory, not
 * time: a burst queues instead of running all at once.
 */
export type ConcurrencyLimit = {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly active: number;
  /** Tasks waiting for a turn now. */
  readonly waiting: number;
  /** The most tasks ever running at once. */
  readonly peak: number;
};

export function createConcurrencyLimit(limit: number): ConcurrencyLimit {
  let active = 0;
  let peak = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active--;
  };
  return {
    async run(task) {
      if (active < limit) {
        active++;
        peak = Math.max(peak, active);
      } else {
        // The slot passes straight from the finishing task to this one: `active` stays the same.
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    get peak() {
      return peak;
    },
  };
}
