/**
 * The moved nodes waiting to be written: a burst of moves (a drag and the next, arrow presses, Organizar) becomes
 * one write of every node it moved, `delayMs` after the last of them, or at once on `flush`. A write that could not
 * be stored gives its nodes back, so the next move or flush tries them again.
 */
export type PositionBatch = {
  schedule: (nodeIds: Iterable<string>) => void;
  /** Writes what waits now; true when nothing waited or the write was stored. */
  flush: () => Promise<boolean>;
  waiting: () => boolean;
};

type Options = {
  delayMs: number;
  /** Stores the positions of these nodes; false when the device could not. */
  write: (nodeIds: ReadonlySet<string>) => Promise<boolean>;
  /** Told whenever nodes start or stop waiting. */
  onWaiting: (waiting: boolean) => void;
};

export function createPositionBatch({ delayMs, write, onWaiting }: Options): PositionBatch {
  let ids = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function flush(): Promise<boolean> {
    clearTimeout(timer);
    timer = undefined;
    if (ids.size === 0) return true;
    const batch = ids;
    ids = new Set();
    onWaiting(false);
    if (await write(batch)) return true;
    for (const id of batch) ids.add(id);
    onWaiting(true);
    return false;
  }

  function schedule(nodeIds: Iterable<string>) {
    for (const id of nodeIds) ids.add(id);
    if (ids.size === 0) return;
    onWaiting(true);
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), delayMs);
  }

  return { schedule, flush, waiting: () => ids.size > 0 };
}
