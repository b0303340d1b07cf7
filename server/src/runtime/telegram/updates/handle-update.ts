/**
 * One update through a bot, as every way updates arrive handles it (the poller, the webhook queue, batches taken over
 * from a dead owner): a failing handler goes to the bot's error handler (a fault in one update never stops the bot),
 * anything else is logged; the caller's receipt is written either way (a failing update is not redone) — except when
 * the database was unreachable (a restart, a pooled connection it closed meanwhile): that is no fault of the update,
 * whose writes did not happen, so it is handled again, with pauses growing to a few seconds, for as long as a restart
 * takes (a minute), before it counts as failed. Meanwhile the bot's next updates wait behind it: they need the
 * database too. A stop (`signal`) ends the waiting: with the database away the receipt cannot be stored either, so
 * the next owner handles the update again. A reply sent before the failed write can then go twice: the at-least-once window
 * docs/decisions.md#scale-out accepts.
 */
import { BotError, type Bot, type Context } from 'grammy';
import type { Update } from 'grammy/types';
import { isDatabaseUnavailable } from '../../../db/unavailable.ts';
import type { Logger } from '../../../lib/logger.ts';
import { abortablePause } from './abortable-pause.ts';

/** `pauseMs`: the first pause, doubled up to `maxPauseMs`; tried again while less than `budgetMs` has passed. */
export type DatabaseRetry = { pauseMs: number; maxPauseMs: number; budgetMs: number };
const DATABASE_RETRY: DatabaseRetry = { pauseMs: 500, maxPauseMs: 5_000, budgetMs: 60_000 };

/** Whether a handler's failure (wrapped in grammY's BotErrors) is the database being unreachable. */
export function databaseDown(error: unknown): boolean {
  let current = error;
  while (current instanceof BotError) current = current.error;
  return isDatabaseUnavailable(current);
}

/** The features' error boundary: a fault is logged and costs this update only; the database away goes up to be retried. */
export function reportHandlerFailure(logger: Logger) {
  return (error: BotError<Context>) => {
    if (databaseDown(error.error)) throw error;
    logger.error('falha ao processar update', { updateId: error.ctx.update.update_id, error: error.error });
  };
}

export async function handleUpdate(bot: Bot, update: Update, logger: Logger, retry = DATABASE_RETRY, signal?: AbortSignal): Promise<void> {
  const started = Date.now();
  const pauseFor = signal ? abortablePause(signal) : (ms: number) => Bun.sleep(ms);
  for (let attempt = 1, pause = retry.pauseMs; ; attempt += 1, pause = Math.min(retry.maxPauseMs, pause * 2)) {
    try {
      await bot.handleUpdate(update);
      return;
    } catch (error) {
      if (databaseDown(error) && Date.now() - started < retry.budgetMs && !signal?.aborted) {
        logger.warn('banco de dados indisponível ao processar update; nova tentativa em instantes', { updateId: update.update_id, attempt });
        await pauseFor(pause);
        if (!signal?.aborted) continue;
      }
      if (error instanceof BotError) await Promise.resolve(bot.errorHandler(error)).catch(() => undefined);
      else logger.error('falha ao processar update', { updateId: update.update_id, error });
      return;
    }
  }
}
