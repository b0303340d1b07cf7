/**
 * The replayer (docs/offline-sync.md#rule-7): pushes the outbox in batches, then pulls until the server has nothing
 * newer. One tab at a time holds the Web Lock; the others only enqueue (Dexie's live queries show every tab the
 * result). Calls made while a run is going are folded into one more run, so a burst of edits is one or two pushes.
 * A failure that is not the user's (offline, server down) retries on a growing timer; an ended session pauses
 * until the provider starts a new replayer for the signed-in user — the outbox is never dropped for it.
 */
import type { MutationEnvelope, PullResult, PushResult } from '@shared/sync/protocol.ts';
import type { CanalizeDb, ConflictEntry, RejectedEntry } from './db.ts';
import { pullToCurrent, pushOutbox, type ReplayPass } from './replay-passes.ts';

export type SyncTransport = {
  push(mutations: MutationEnvelope[]): Promise<PushResult>;
  pull(cursor: number): Promise<PullResult>;
};

/** `offline`: no answer reached us; `paused`: the session ended; `retry`: anything else worth trying again later. */
export type FailureKind = 'offline' | 'paused' | 'retry';
export type ReplayPhase = 'idle' | 'syncing' | FailureKind;

export type ReplayerOptions = {
  db: CanalizeDb;
  transport: SyncTransport;
  /** Runs `task` while holding the outbox lock (one replaying tab). */
  lock?: <T>(task: () => Promise<T>) => Promise<T>;
  batchSize?: number;
  classify?: (error: unknown) => FailureKind;
  onRejected?: (entries: RejectedEntry[]) => void;
  /** Changes the server applied but for fields another device changed first (docs/offline-sync.md#rule-6). */
  onConflicts?: (entries: ConflictEntry[]) => void;
  onPhase?: (phase: ReplayPhase) => void;
  backoff?: { baseMs: number; maxMs: number };
  schedule?: (run: () => void, ms: number) => () => void;
  random?: () => number;
};

export const OUTBOX_LOCK = 'canalize-outbox';
export const DEFAULT_BATCH = 200;

export function webLock<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return task();
  return navigator.locks.request(OUTBOX_LOCK, task);
}

const defaultSchedule = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

export type Replayer = ReturnType<typeof createReplayer>;

export function createReplayer(options: ReplayerOptions) {
  const { db, transport, lock = webLock, batchSize = DEFAULT_BATCH, classify = () => 'retry', onRejected, onConflicts, onPhase } = options;
  const { baseMs, maxMs } = options.backoff ?? { baseMs: 1000, maxMs: 60_000 };
  const schedule = options.schedule ?? defaultSchedule;
  const random = options.random ?? Math.random;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let failures = 0;
  let cancelTimer: (() => void) | null = null;
  const pass: ReplayPass = { db, transport, batchSize, onRejected, onConflicts, stopped: () => stopped };

  async function runOnce() {
    cancelTimer?.();
    cancelTimer = null;
    onPhase?.('syncing');
    try {
      await lock(async () => {
        await pushOutbox(pass);
        await pullToCurrent(pass);
      });
      failures = 0;
      onPhase?.('idle');
    } catch (error) {
      const kind = classify(error);
      onPhase?.(kind);
      if (kind === 'paused' || stopped) return;
      const delay = Math.min(maxMs, baseMs * 2 ** failures) * (0.5 + random() / 2);
      failures += 1;
      cancelTimer = schedule(() => void sync(), delay);
    }
  }

  /** Starts a run, or folds this call into the one going on; resolves when the queue was last seen drained. */
  function sync(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await runOnce();
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    sync,
    stop() {
      stopped = true;
      cancelTimer?.();
    },
  };
}
