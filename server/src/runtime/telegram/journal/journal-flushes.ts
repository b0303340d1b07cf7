/**
 * When the contact journal writes (docs/decisions.md#d-contacts): every few milliseconds, at once when the buffer is
 * full, and one flush at a time, so a later flush never overtakes an earlier one. A flush asked for while one writes
 * waits for it and takes the buffer only when it starts: what arrives meanwhile leaves together (group commit), never
 * as a queue of small transactions. A failed write (the database away) puts its batch back and is tried again,
 * slower; after close() (the server stopping, its pool about to end) nothing is scheduled or retried any more.
 */
import { failureStreak } from '../../../lib/failure-streak.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { FlushWaiter, JournalBatch } from './journal-buffer.ts';

/** After a failed write (the database away), the next try. */
const RETRY_MS = 1_000;

export type FlushesOptions = {
  logger: Logger;
  flushDelay: number;
  /** Runs when a flush is asked for, before it waits its turn (an update being handled releases what it holds). */
  asked(): void;
  take(): { batch: JournalBatch; settled: FlushWaiter[] };
  write(batch: JournalBatch): Promise<void>;
  requeue(batch: JournalBatch): void;
};

type FlushState = {
  timer: ReturnType<typeof setTimeout> | undefined;
  running: Promise<void>;
  /** The flush waiting for the one under way: it takes the buffer when it starts. */
  queued: Promise<void> | undefined;
  failing: boolean;
  closed: boolean;
};

export function createFlushes(options: FlushesOptions) {
  const { flushDelay } = options;
  const state: FlushState = { timer: undefined, running: Promise.resolve(), queued: undefined, failing: false, closed: false };
  const streak = failureStreak(options.logger, 'falha ao gravar contatos e mensagens; nova tentativa em instantes');
  const deps: FlushDeps = { ...options, streak, flush: () => flush() };
  const flush = (): Promise<void> => startFlush(state, deps).catch(() => undefined);
  return {
    flush,
    /** `full`: the buffer reached its size; while the database is away it grows and waits for the retry instead. */
    schedule(full: boolean) {
      if (state.closed) return;
      if (!state.failing && full) void flush();
      else state.timer ??= setTimeout(() => void flush(), flushDelay);
    },
    /**
     * Resolves when the next scheduled flush (≤ flushDelay away) has stored what is buffered now, rejects when that
     * flush failed (a bot stopping here waits for its receipts). It never forces a flush of its own: a flush forced
     * by every stopping poller would keep the embedded database's one connection busy with back-to-back transactions.
     */
    settle(wait: (waiter: FlushWaiter) => void): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        wait({ resolve, reject });
        if (!state.closed) state.timer ??= setTimeout(() => void flush(), flushDelay);
        else resolve();
      });
    },
    async close() {
      await flush();
      state.closed = true;
      if (state.timer) clearTimeout(state.timer);
      state.timer = undefined;
      // A write a waiting poller started meanwhile ends before the pool does.
      await state.running;
    },
  };
}

type FlushDeps = FlushesOptions & { streak: ReturnType<typeof failureStreak>; flush(): Promise<void> };

/** Rejects when the write failed: its rows and receipts went back to the buffer. */
function startFlush(state: FlushState, deps: FlushDeps): Promise<void> {
  if (state.closed) return Promise.resolve();
  deps.asked();
  if (state.timer) clearTimeout(state.timer);
  state.timer = undefined;
  if (state.queued) return state.queued;
  const result = state.running.then(() => {
    state.queued = undefined;
    return writeBuffered(state, deps);
  });
  state.queued = result;
  state.running = result.catch(() => undefined);
  return result;
}

async function writeBuffered(state: FlushState, deps: FlushDeps) {
  const { batch, settled } = deps.take();
  try {
    await deps.write(batch);
  } catch (error) {
    deps.streak.failed(error);
    requeue(state, deps, batch);
    settled.forEach((waiter) => waiter.reject(error));
    throw error;
  }
  state.failing = false;
  deps.streak.succeeded();
  settled.forEach((waiter) => waiter.resolve());
}

/** A failed batch back in the buffer, before what came meanwhile; retried after RETRY_MS. */
function requeue(state: FlushState, deps: FlushDeps, batch: JournalBatch) {
  state.failing = true;
  if (state.closed) {
    deps.logger.error('contatos e mensagens não gravados ao encerrar', { contacts: batch.contacts.length, messages: batch.messages.length, receipts: batch.receipts.length });
    return;
  }
  deps.requeue(batch);
  if (state.timer) clearTimeout(state.timer);
  state.timer = setTimeout(() => void deps.flush(), RETRY_MS);
}
