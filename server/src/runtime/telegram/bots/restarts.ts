/**
 * Bot starts in progress and their retries: one start per bot at a time; a failed start (Telegram down at boot…) is
 * tried again later, slower each time, never in a tight loop, and never once the runtime is closed.
 */
import type { Logger } from '../../../lib/logger.ts';

const RESTART_DELAY_MS = 5000;
const MAX_RESTART_DELAY_MS = 5 * 60_000;

export type RestartsOptions = { logger: Logger; closed(): boolean; start(botId: string): Promise<void> };

export function createRestarts(options: RestartsOptions) {
  const starting = new Map<string, Promise<void>>();
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
    if (pending) return pending;
    const task = options.start(botId)
      .catch((error: unknown) => {
        options.logger.error('falha ao iniciar bot; nova tentativa em instantes', { botId, error });
        schedule(botId, attempt);
      })
      .finally(() => starting.delete(botId));
    starting.set(botId, task);
    return task;
  }

  return {
    attempt: startAttempt,
    /** Waits for the bot's start in progress, then cancels the retry a failed start may have scheduled meanwhile. */
    async settled(botId: string) {
      await starting.get(botId);
      clearTimeout(timers.get(botId));
      timers.delete(botId);
    },
    /** A start stuck on an unreachable Telegram is waited for `waitMs` at most: the closed runtime keeps it from registering. */
    async stopAll(waitMs: number) {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.race([Promise.allSettled([...starting.values()]), Bun.sleep(waitMs)]);
    },
  };
}
