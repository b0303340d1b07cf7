/**
 * One polled batch, handled while it is written (docs/decisions.md#scale-out "No update lost"): handled only while the
 * database answers (else the same batch comes again: a flow run during an outage would lose its writes), written
 * while it is handled, not before, which keeps the write off an update's latency. The receipts' flush is not waited
 * for: the next getUpdates goes at once, and a kill before that flush leaves rows for the next owner to redo.
 */
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { Logger } from '../../../lib/logger.ts';
import { handleUpdate } from './handle-update.ts';
import type { PollerStore } from './update-poller.ts';

export const ERROR_BASE_MS = 500;
/** A failed lease write (the database away) is tried again at least this often, so polling resumes soon after it is back. */
export const ERROR_MAX_MS = 5_000;

export type BatchContext = { bot: Bot; logger: Logger; store: PollerStore; signal: AbortSignal; pause(ms: number): Promise<void> };

/** `stored`: written and handled; `stopped`: the poller stopped before the write; `lost`: the lease is gone. */
export async function handlePolledBatch(context: BatchContext, fresh: Update[], nextOffset: number): Promise<'stored' | 'stopped' | 'lost'> {
  const { bot, logger, store } = context;
  await store.ready();
  const writing = stashed(context, fresh, nextOffset);
  // A receipt needs the row stored and still ours (the lease lost: the next owner polls the batch again).
  const queued = writing.then((kept) => kept || Promise.reject(new Error('lease lost')));
  const handled = Promise.all(fresh.map((update) => store.handling(update.update_id, () => handleUpdate(bot, update, logger, undefined, context.signal), queued)));
  const kept = await writing.catch(() => 'stopped' as const);
  await handled;
  if (kept === 'stopped') return 'stopped';
  return kept ? 'stored' : 'lost';
}

/**
 * The batch's write, tried again while the database is away (the batch is being handled: its receipts wait for
 * it). Rejects only when the poller stops first: the batch was never stored, Telegram keeps it for the next owner.
 */
async function stashed(context: BatchContext, updates: Update[], nextOffset: number): Promise<boolean> {
  for (let delay = ERROR_BASE_MS; ; delay = Math.min(ERROR_MAX_MS, delay * 2)) {
    try {
      return await context.store.stash(updates, nextOffset);
    } catch (error) {
      if (context.signal.aborted) throw error;
      context.logger.error('falha ao registrar um lote de updates; nova tentativa em instantes', { error, delayMs: delay });
      await context.pause(delay);
    }
  }
}
