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

export function createFlushes(options: FlushesOptions) {
  const { logger, flushDelay } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  // The flush waiting for the one under way: it takes the buffer when it starts.
  let queued: Promise<void> | undefined;
  const streak = failureStreak(logger, 'falha ao gravar contatos e mensagens; nova tentativa em instantes');
  let failing = false;
  let closed = false;

  /** Rejects when the write failed: its rows and receipts went back to the buffer. */
  function startFlush(): Promise<void> {
    if (closed) return Promise.resolve();
    options.asked();
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (queued) return queued;
    const result = running.then(() => {
      queued = undefined;
      return writeBuffered();
    });
    queued = result;
    running = result.catch(() => undefined);
    return result;
  }

  async function writeBuffered() {
    const { batch, settled } = options.take();
    try {
      await options.write(batch);
    } catch (error) {
      streak.failed(error);
      requeue(batch);
      settled.forEach((waiter) => waiter.reject(error));
      throw error;
    }
    failing = false;
    streak.succeeded();
    settled.forEach((waiter) => waiter.resolve());
  }

  /** A failed batch back in the buffer, before what came meanwhile; retried after RETRY_MS. */
  function requeue(batch: JournalBatch) {
    failing = true;
    if (closed) {
      logger.error('contatos e mensagens não gravados ao encerrar', { contacts: batch.contacts.length, messages: batch.messages.length, receipts: batch.receipts.length });
      return;
    }
    options.requeue(batch);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void flush(), RETRY_MS);
  }

  const flush = () => startFlush().catch(() => undefined);

  return {
    flush,
    /** `full`: the buffer reached its size; while the database is away it grows and waits for the retry instead. */
    schedule(full: boolean) {
      if (closed) return;
      if (!failing && full) void flush();
      else timer ??= setTimeout(() => void flush(), flushDelay);
    },
    /**
     * Resolves when the next scheduled flush (≤ flushDelay away) has stored what is buffered now, rejects when that
     * flush failed (a bot stopping here waits for its receipts). It never forces a flush of its own: a flush forced
     * by every stopping poller would keep the embedded database's one connection busy with back-to-back transactions.
     */
    settle(wait: (waiter: FlushWaiter) => void): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        wait({ resolve, reject });
        if (!closed) timer ??= setTimeout(() => void flush(), flushDelay);
        else resolve();
      });
    },
    async close() {
      await flush();
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      // A write a waiting poller started meanwhile ends before the pool does.
      await running;
    },
  };
}
