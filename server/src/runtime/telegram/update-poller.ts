/**
 * One bot's long polling, under a lease (docs/decisions.md#scale-out "No update lost"). Batch by batch:
 * getUpdates(offset) → handle the batch (chats concurrently, each chat in order: the bot's sequentialize), each update
 * inside the journal's `handling` so its receipt is written in the transaction of its contacts and messages (the
 * journal's next flush, ≤ 20 ms later). The offset sent to Telegram never passes an update whose receipt is not stored
 * yet: Telegram keeps it, so a kill before the flush loses nothing. The next getUpdates goes at once all the same
 * (handling overlaps writing): what it brings again of the batch still in hand is skipped, and when it brings only
 * that, the poller waits for the flush instead of asking again. A new owner resumes from the stored offset: Telegram
 * still holds every update without a stored receipt, and the poller skips the updates with one and redoes the others
 * (an owner killed mid-batch: its replies may have gone out, the one window where a person can get an answer twice).
 * A 409 (another poller for this token: a stale instance, a lease that changed hands) is never a stop: the poller
 * backs off, asks for the lease to be checked again, and tries again for as long as it holds the lease.
 */
import { BotError, GrammyError, type Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { Logger } from '../../lib/logger.ts';

const LONG_POLL_SECONDS = 30;
const BATCH_LIMIT = 100;
/**
 * Updates handled per turn: half of what Telegram sends at most, so that while one half waits for its receipts the
 * next getUpdates still brings a half of new ones and handling overlaps writing (with whole batches, every batch
 * waited for its flush: the burst of bench/updates at 40 %).
 */
const TURN_LIMIT = BATCH_LIMIT / 2;
const CONFLICT_BASE_MS = 1_000;
const CONFLICT_MAX_MS = 30_000;
const ERROR_BASE_MS = 500;
/** A failed lease write (the database away) is tried again at least this often, so polling resumes soon after it is back. */
const ERROR_MAX_MS = 5_000;

export type PollerStore = {
  /** Throws when the database does not answer: the batch is not handled now (Telegram keeps it). */
  ready(): Promise<void>;
  /** Runs one update's handling so that its receipt is written with its work (the journal's `handling`). */
  handling(updateId: number, confirmed: number, work: () => Promise<void>): Promise<void>;
  /** Resolves once the receipts of the updates handled so far are stored; rejects when that write failed. */
  stored(): Promise<void>;
  /** The poller waits for a storage: the next flush should come now rather than at its usual cadence. */
  hurry(): void;
  /** Stores the offset sent to Telegram alone (nothing else to write). False: the lease is gone. */
  commitOffset(nextOffset: number): Promise<boolean>;
};

export type PollerOptions = {
  bot: Bot;
  logger: Logger;
  allowedUpdates: readonly (keyof Omit<Update, 'update_id'>)[];
  /** Where to start: the stored offset, or undefined to take what Telegram holds (first poll, or after a week idle). */
  offset: number | undefined;
  /** Update ids at or above `offset` the previous owner receipted: not handled again. */
  done: readonly number[];
  store: PollerStore;
  /** Telegram answered 409: the lease should be checked again now. */
  onConflict(): void;
  /** The lease was lost mid-way: the owner drops the bot without releasing anything. */
  onLeaseLost(): void;
};

export type UpdatePoller = {
  /** Ends the long poll at once, finishes the batch in hand, waits for its receipts and records the offset. */
  stop(): Promise<void>;
};

export function startUpdatePoller(options: PollerOptions): UpdatePoller {
  const { bot, logger } = options;
  const abort = new AbortController();
  // The id after the last update handled here (undefined: nothing handled yet, take what Telegram holds).
  let offset = options.offset;
  // Handled, receipt stored, at or above the offset last sent: Telegram may send them again, they are skipped.
  const receipted = new Set(options.done);
  // Handled, receipt not stored yet (the journal's next flush): each with the promise of that storage.
  const inHand = new Map<number, Promise<void>>();
  // The offset sent to Telegram and not stored yet: it rides on the next batch's receipts, or is written alone when
  // a poll comes back empty and when the poller stops (a new owner starting lower only meets receipted ids).
  let unwritten: number | undefined;
  // The offset last stored (by a receipt or alone): sending it again needs no write.
  let known = options.offset;
  // The last getUpdates brought fewer than Telegram's limit and this turn took all its new ones.
  let drained = false;

  /** What Telegram may forget: everything below the oldest update whose receipt is not stored. */
  function safeOffset(): number | undefined {
    let low = offset;
    for (const id of inHand.keys()) if (low === undefined || id < low) low = id;
    return low;
  }

  /** The batch's receipts stored (a failed flush is retried by the journal: wait for that one), or the poller stopped. */
  function confirmWhenStored(ids: number[]) {
    const stored = (async () => {
      for (;;) {
        try {
          await options.store.stored();
          break;
        } catch {
          if (abort.signal.aborted) return;
        }
      }
      for (const id of ids) {
        inHand.delete(id);
        receipted.add(id);
      }
    })();
    for (const id of ids) inHand.set(id, stored);
  }

  async function writeOffset(): Promise<boolean> {
    if (unwritten === undefined) return true;
    const next = unwritten;
    if (!(await options.store.commitOffset(next))) return false;
    known = Math.max(known ?? 0, next);
    if (unwritten === next) unwritten = undefined;
    return true;
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        abort.signal.removeEventListener('abort', done);
        resolve();
      }
      abort.signal.addEventListener('abort', done);
    });

  async function handle(update: Update, confirmed: number) {
    await options.store.handling(update.update_id, confirmed, async () => {
      try {
        await bot.handleUpdate(update);
      } catch (error) {
        if (error instanceof BotError) await Promise.resolve(bot.errorHandler(error)).catch(() => undefined);
        else logger.error('falha ao processar update', { updateId: update.update_id, error });
      }
    });
  }

  /** Waits until the oldest update in hand has its receipt stored (the poller stopped: at once). */
  async function oldestStored() {
    if (inHand.size === 0) return;
    options.store.hurry();
    await inHand.get(Math.min(...inHand.keys()));
  }

  /** One getUpdates and its batch; answers false when the poller must end (stopped, lease lost). */
  async function turn(backoff: { conflict: number; error: number }): Promise<boolean> {
    // A full window in hand, or the last getUpdates drained what Telegram had: the next one would most likely bring
    // only the updates in hand again, so wait for their flush first (and save that round trip).
    if (inHand.size >= BATCH_LIMIT || drained) await oldestStored();
    const from = safeOffset();
    let updates: Update[];
    try {
      updates = await bot.api.getUpdates(
        { ...(from === undefined ? {} : { offset: from }), limit: BATCH_LIMIT, timeout: LONG_POLL_SECONDS, allowed_updates: options.allowedUpdates },
        // grammY types its signal with the abort-controller shim; the platform's AbortSignal is what it really uses.
        abort.signal as Parameters<Bot['api']['getUpdates']>[1],
      );
      backoff.conflict = CONFLICT_BASE_MS;
      backoff.error = ERROR_BASE_MS;
    } catch (error) {
      if (abort.signal.aborted) return false;
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
      return true;
    }
    if (from !== undefined) {
      // Telegram forgot what is below `from`: so may the receipts kept for skipping.
      for (const id of receipted) if (id < from) receipted.delete(id);
      if (from !== known) unwritten = from;
    }
    const last = updates.at(-1)?.update_id;
    if (last === undefined) return (await writeOffset()) || lost();
    const unseen = updates.filter((update) => (from === undefined || update.update_id >= from) && !receipted.has(update.update_id) && !inHand.has(update.update_id));
    const fresh = unseen.slice(0, TURN_LIMIT);
    drained = unseen.length === fresh.length && updates.length < BATCH_LIMIT;
    if (fresh.length === 0) {
      offset = Math.max(offset ?? 0, last + 1);
      // Only updates still in hand (Telegram holds them until their receipts are stored) or receipted ones came back:
      // asking again at once would spin, so wait for the oldest one's flush, hurried.
      await oldestStored();
      return true;
    }
    await options.store.ready();
    // The receipts carry the offset sent for this batch: nothing left to write alone.
    unwritten = undefined;
    if (from !== undefined) known = Math.max(known ?? 0, from);
    await Promise.all(fresh.map((update) => handle(update, from ?? 0)));
    // What lies past the last one handled comes again with the next getUpdates.
    offset = Math.max(offset ?? 0, (fresh.at(-1)?.update_id ?? last) + 1);
    confirmWhenStored(fresh.map((update) => update.update_id));
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
      await Promise.all(inHand.values());
      // Below the oldest receipt that could not be stored (the database away): Telegram keeps that one for the next owner.
      const safe = safeOffset();
      if (safe !== undefined && safe !== known) unwritten = safe;
      await writeOffset().catch((error: unknown) => logger.error('falha ao registrar o progresso dos updates ao parar', { error }));
    },
  };
}
