/**
 * One bot's long polling, under a lease (docs/decisions.md#scale-out "No update lost"). Batch by batch:
 * getUpdates(offset) → the batch is written to the database (polled_batches, this ownership's reader named) in the
 * statement that moves the stored offset past it, while it is handled (chats concurrently, each chat in order:
 * the bot's sequentialize; each update inside the journal's `handling`, whose receipt waits for that write and is
 * then stored with the update's contacts and messages by the journal's next flush) → once the batch is written, the
 * next getUpdates confirms it to Telegram. So no update is ever only in this process's memory once Telegram may
 * forget it: a kill before the batch is written leaves it at Telegram (the offset did not move), a kill after leaves
 * its batch with updates still pending, which the next owner takes and handles again before it polls (an owner
 * killed mid-batch: its replies may have gone out, the one window where a person can get an answer twice).
 * A 409 (another poller for this token: a stale instance, a lease that changed hands) is never a stop: the poller
 * backs off, asks for the lease to be checked again, and tries again for as long as it holds the lease.
 */
import { GrammyError, type Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { Logger } from '../../../lib/logger.ts';
import { abortablePause } from './abortable-pause.ts';
import { createPollOffset } from './poll-offset.ts';
import { ERROR_BASE_MS, ERROR_MAX_MS, handlePolledBatch, type BatchContext } from './polled-batch.ts';

const LONG_POLL_SECONDS = 30;
/**
 * A long poll not answered this long after Telegram's own timeout is given up and asked again: a connection that died
 * without a word (a NAT or proxy dropping it) would otherwise hold the bot's polling for grammY's 500 s.
 */
const POLL_ANSWER_MS = (LONG_POLL_SECONDS + 15) * 1000;
const BATCH_LIMIT = 100;
const CONFLICT_BASE_MS = 1_000;
const CONFLICT_MAX_MS = 30_000;

export type PollerStore = {
  /** Throws when the database does not answer: the batch is not handled now (Telegram keeps it). */
  ready(): Promise<void>;
  /**
   * Writes a batch while it is handled, with `nextOffset` as the stored offset. False: the lease is gone (nothing
   * written). Throws when the database does not answer: nothing moved, Telegram keeps the batch.
   */
  stash(updates: Update[], nextOffset: number): Promise<boolean>;
  /** Runs one update's handling so that its receipt is written with its work, once `queued` (its batch's write) is stored. */
  handling(updateId: number, work: () => Promise<void>, queued: Promise<unknown>): Promise<void>;
  /** Stores the offset sent to Telegram alone (nothing else to write). False: the lease is gone. */
  commitOffset(nextOffset: number): Promise<boolean>;
};

export type PollerOptions = {
  bot: Bot;
  logger: Logger;
  allowedUpdates: readonly (keyof Omit<Update, 'update_id'>)[];
  /** Where to start: the stored offset, or undefined to take what Telegram holds (first poll, or after a week idle). */
  offset: number | undefined;
  /** Update ids at or above `offset` the previous owner receipted: not handled again (before migration 0610). */
  done: readonly number[];
  store: PollerStore;
  /** Telegram answered 409: the lease should be checked again now. */
  onConflict(): void;
  /** The lease was lost mid-way: the owner drops the bot without releasing anything. */
  onLeaseLost(): void;
  /** How long a getUpdates may go unanswered (tests shorten it). */
  pollAnswerMs?: number;
};

type Backoff = { conflict: number; error: number };

export type UpdatePoller = {
  /** Ends the long poll at once, finishes the batch in hand and records its offset. */
  stop(): Promise<void>;
};

export function startUpdatePoller(options: PollerOptions): UpdatePoller {
  const { bot, logger } = options;
  const abort = new AbortController();
  const offset = createPollOffset(options.offset, options.done, (next) => options.store.commitOffset(next));
  const pause = abortablePause(abort.signal);
  const batchContext = { bot, logger, store: options.store, signal: abort.signal, pause };
  const fetchContext = { ...batchContext, options };

  /** One getUpdates and its batch; answers false when the poller must end (stopped, lease lost). */
  async function turn(backoff: Backoff): Promise<boolean> {
    const updates = await fetchUpdates(fetchContext, offset.current(), backoff);
    if (!updates) return !abort.signal.aborted;
    const last = updates.at(-1)?.update_id;
    if (last === undefined) return (await offset.write()) || lost();
    const fresh = offset.fresh(updates);
    if (fresh.length === 0) {
      offset.skipped(last + 1);
      return true;
    }
    const outcome = await handlePolledBatch(batchContext, fresh, last + 1);
    if (outcome === 'stopped') return false;
    if (outcome === 'lost') return lost();
    offset.stored(last + 1);
    return true;
  }

  function lost() {
    logger.warn('posse do bot perdida para outra instância; recebimento encerrado aqui');
    options.onLeaseLost();
    return false;
  }

  const loop = (async () => {
    const backoff = { conflict: CONFLICT_BASE_MS, error: ERROR_BASE_MS };
    while (!abort.signal.aborted) {
      try {
        if (!(await turn(backoff))) break;
      } catch (error) {
        // The database did not answer (before a batch, or an offset write): nothing moved, the same batch comes again.
        logger.error('falha ao registrar o progresso dos updates; nova tentativa em instantes', { error });
        await pause(backoff.error);
        backoff.error = Math.min(ERROR_MAX_MS, backoff.error * 2);
      }
    }
  })();

  return {
    async stop() {
      abort.abort();
      await loop;
      await offset.write().catch((error: unknown) => logger.error('falha ao registrar o progresso dos updates ao parar', { error }));
    },
  };
}

type FetchContext = BatchContext & { options: Pick<PollerOptions, 'allowedUpdates' | 'onConflict' | 'pollAnswerMs'> };

/** One getUpdates; undefined when it failed (the pause before the next try taken) or the poller stopped. */
async function fetchUpdates(context: FetchContext, offset: number | undefined, backoff: Backoff): Promise<Update[] | undefined> {
  const { bot, logger, signal, pause, options } = context;
  try {
    const updates = await bot.api.getUpdates(
      { ...(offset === undefined ? {} : { offset }), limit: BATCH_LIMIT, timeout: LONG_POLL_SECONDS, allowed_updates: options.allowedUpdates },
      // grammY types its signal with the abort-controller shim; the platform's AbortSignal is what it really uses.
      AbortSignal.any([signal, AbortSignal.timeout(options.pollAnswerMs ?? POLL_ANSWER_MS)]) as Parameters<Bot['api']['getUpdates']>[1],
    );
    backoff.conflict = CONFLICT_BASE_MS;
    backoff.error = ERROR_BASE_MS;
    return updates;
  } catch (error) {
    if (signal.aborted) return undefined;
    if (error instanceof GrammyError && error.error_code === 409) {
      logger.warn('outro processo recebe os updates deste bot (409); conferindo a posse e tentando de novo', { delayMs: backoff.conflict });
      options.onConflict();
      await pause(backoff.conflict);
      backoff.conflict = Math.min(CONFLICT_MAX_MS, backoff.conflict * 2);
    } else {
      // 401 switches the bot off through the resilience transformer; network failures were retried there.
      logger.warn('falha ao buscar updates; nova tentativa em instantes', { error, delayMs: backoff.error });
      await pause(backoff.error);
      backoff.error = Math.min(ERROR_MAX_MS, backoff.error * 2);
    }
    return undefined;
  }
}
