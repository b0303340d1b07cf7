/**
 * Bot starts in progress and their retries: one start per bot at a time; a failed start (Telegram down at boot…) is
 * tried again later, slower each time, never in a tight loop, and never once the runtime is closed. A stop (a
 * deletion, a switch-off, a lease gone) aborts the bot's start in progress rather than waiting for it: a start stuck
 * on a Telegram that never answers would otherwise hold the operator's request for grammY's 500-second timeout.
 */
import type { Logger } from '../../../lib/logger.ts';

const RESTART_DELAY_MS = 5000;
const MAX_RESTART_DELAY_MS = 5 * 60_000;

export type RestartsOptions = { logger: Logger; closed(): boolean; start(botId: string, stopped: AbortSignal): Promise<void> };

export function createRestarts(options: RestartsOptions) {
  const starting = new Map<string, { task: Promise<void>; abort: AbortController }>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  function schedule(botId: string, attempt: number) {
    if (options.closed() || timers.has(botId)) return;
    const delay = Math.min(MAX_RESTART_DELAY_MS, RESTART_DELAY_MS * 2 ** attempt);
    timers.set(botId, setTimeout(() => {
      timers.delete(botId);
      void startAttempt(botId, attempt + 1);
    }, delay));
  }

  function startAttempt(botId: string, attempt: number): Promise<void> {
    const pending = starting.get(botId);
    if (pending) return pending.task;
    const abort = new AbortController();
    const task = options.start(botId, abort.signal)
      .catch((error: unknown) => {
        options.logger.error('falha ao iniciar bot; nova tentativa em instantes', { botId, error });
        schedule(botId, attempt);
      })
      .finally(() => starting.delete(botId));
    starting.set(botId, { task, abort });
    return task;
  }

  return {
    attempt: startAttempt,
    /** Aborts the bot's start in progress and waits for it to end, then cancels the retry it may have scheduled. */
    async settled(botId: string) {
      const pending = starting.get(botId);
      pending?.abort.abort();
      await pending?.task;
      clearTimeout(timers.get(botId));
      timers.delete(botId);
    },
    /** A start stuck on an unreachable Telegram is waited for `waitMs` at most: the closed runtime keeps it from registering. */
    async stopAll(waitMs: number) {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.race([Promise.allSettled([...starting.values()].map((pending) => pending.task)), Bun.sleep(waitMs)]);
    },
  };
}
