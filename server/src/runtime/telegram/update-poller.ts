/**
 * One bot's long polling, under a lease (docs/decisions.md#scale-out). Batch by batch:
 * getUpdates(offset) → record the batch as in flight (with the offset past the previous batch, one write) → handle
 * it (chats concurrently, each chat in order: the bot's sequentialize) → the next getUpdates confirms the batch to
 * Telegram. The contact journal keeps its own write-behind rhythm (flushed here only on stop). So Telegram forgets an update only after the database knows it was handled, and a new owner
 * resumes from the stored offset. A batch in flight when its owner died is not handled again (at most once, like
 * broadcasts): its replies may already have gone out.
 * A 409 (another poller for this token: a stale instance, a lease that changed hands) is never a stop: the poller
 * backs off, asks for the lease to be checked again, and tries again for as long as it holds the lease.
 */
import { BotError, GrammyError, type Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { Logger } from '../../lib/logger.ts';

const LONG_POLL_SECONDS = 30;
const BATCH_LIMIT = 100;
const CONFLICT_BASE_MS = 1_000;
const CONFLICT_MAX_MS = 30_000;
const ERROR_BASE_MS = 500;
/** A failed lease write (the database away) is tried again at least this often, so polling resumes soon after it is back. */
const ERROR_MAX_MS = 5_000;

export type PollerStore = {
  /**
   * Records `through` as in flight and, when given, the offset past the batch handled before it (one write).
   * False: the lease is gone (taken after it ran out): stop without touching anything.
   */
  markHandling(through: number, nextOffset: number | undefined): Promise<boolean>;
  commitOffset(nextOffset: number): Promise<boolean>;
};

export type PollerOptions = {
  bot: Bot;
  logger: Logger;
  allowedUpdates: readonly (keyof Omit<Update, 'update_id'>)[];
  /** Where to start: the stored offset, or undefined to take what Telegram holds (first poll, or after a week idle). */
  offset: number | undefined;
  store: PollerStore;
  /** Writes what the handled updates buffered (the contact journal); called when the poller stops. */
  flush(): Promise<void>;
  /** Telegram answered 409: the lease should be checked again now. */
  onConflict(): void;
  /** The lease was lost mid-way: the owner drops the bot without releasing anything. */
  onLeaseLost(): void;
};

export type UpdatePoller = {
  /** Ends the long poll at once, finishes the batch in hand and records its offset. */
  stop(): Promise<void>;
};

export function startUpdatePoller(options: PollerOptions): UpdatePoller {
  const { bot, logger } = options;
  const abort = new AbortController();
  let offset = options.offset;
  // The offset past the last handled batch, not written yet: it rides on the next batch's in-flight write (a
  // crash before that is covered: the handled batch is still recorded as in flight, so nobody handles it again),
  // or is written alone when a poll comes back empty and when the poller stops.
  let unwritten: number | undefined;

  async function writeOffset(): Promise<boolean> {
    if (unwritten === undefined) return true;
    const next = unwritten;
    if (!(await options.store.commitOffset(next))) return false;
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

  async function handle(update: Update) {
    try {
      await bot.handleUpdate(update);
    } catch (error) {
      if (error instanceof BotError) await Promise.resolve(bot.errorHandler(error)).catch(() => undefined);
      else logger.error('falha ao processar update', { updateId: update.update_id, error });
    }
  }

  /** One getUpdates and its batch; answers false when the poller must end (stopped, lease lost). */
  async function turn(backoff: { conflict: number; error: number }): Promise<boolean> {
    let updates: Update[];
    try {
      updates = await bot.api.getUpdates(
        { ...(offset === undefined ? {} : { offset }), limit: BATCH_LIMIT, timeout: LONG_POLL_SECONDS, allowed_updates: options.allowedUpdates },
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
    const from = offset;
    const fresh = from === undefined ? updates : updates.filter((update) => update.update_id >= from);
    const last = fresh.at(-1)?.update_id;
    if (last === undefined) return (await writeOffset()) || lost();
    if (!(await options.store.markHandling(last, unwritten))) return lost();
    unwritten = undefined;
    await Promise.all(fresh.map(handle));
    offset = last + 1;
    unwritten = offset;
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
        // The database did not answer a lease write: nothing moved, the same batch comes again.
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
      await options.flush().catch((error: unknown) => logger.error('falha ao gravar contatos ao parar', { error }));
      await writeOffset().catch((error: unknown) => logger.error('falha ao registrar o progresso dos updates ao parar', { error }));
    },
  };
}
