/**
 * API transformer installed on every bot: the runtime's fault policy toward Telegram in one place.
 * - 429: wait `retry_after` and try again (Telegram's flood control; ignoring it gets bots restricted).
 * - Network failures and 5xx: retry with capped exponential backoff. getUpdates retries until the runner stops
 *   it (abort signal), never more than `POLL_MAX_DELAY_MS` apart: a poll is harmless to repeat, and a bot must pick
 *   up what waited within seconds of the Bot API coming back (a minute-long outage is in the fault matrix); other
 *   methods retry a few times only, because a request that reached Telegram before the connection broke would be
 *   sent twice (docs/telegram.md#tg-updates): a welcome sent twice is better than none, a loop is not.
 * - 401: Telegram no longer accepts the token; `onUnauthorized` switches the bot off (docs/decisions.md#d-bots-channels).
 * Every wait listens to the abort signal so runner.stop() stays fast.
 */
import { HttpError, type Transformer } from 'grammy';

export type ResilienceOptions = {
  onUnauthorized(): void;
  /** Observes every failed attempt (logging); never receives the token. */
  onRetry?(method: string, reason: string, delayMs: number): void;
  maxAttempts?: number;
  maxRetryAfterSeconds?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Aborted when the bot stops: ends waits of requests that carry no signal of their own (sendMessage…). */
  stopSignal?: AbortSignal;
  /**
   * false: only a 429 is retried. A network failure or a 5xx may come after Telegram delivered, so a caller that
   * must send at most once (inbox replies, docs/decisions.md#p-inbox) records the outcome as uncertain instead.
   */
  retryUncertain?: boolean;
};

/** The longest pause between two getUpdates attempts while the Bot API is unreachable. */
export const POLL_MAX_DELAY_MS = 5_000;

/** The retry pacing a caller (tests, mostly) may tune. */
export type RetryTuning = Pick<ResilienceOptions, 'baseDelayMs' | 'maxDelayMs' | 'maxAttempts'>;

export function resilienceTransformer(options: ResilienceOptions): Transformer {
  const maxAttempts = options.maxAttempts ?? 4;
  const maxRetryAfter = options.maxRetryAfterSeconds ?? 120;
  const baseDelay = options.baseDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 30_000;

  return async (prev, method, payload, requestSignal) => {
    const signals = [requestSignal, options.stopSignal];
    const aborted = () => signals.some((signal) => signal?.aborted === true);
    const endless = method === 'getUpdates';
    const uncertainRetries = options.retryUncertain ?? true;
    for (let attempt = 1; ; attempt++) {
      const canRetry = endless || attempt < maxAttempts;
      const backoff = Math.min(endless ? Math.min(maxDelay, POLL_MAX_DELAY_MS) : maxDelay, baseDelay * 2 ** (attempt - 1));
      let result: Awaited<ReturnType<typeof prev>>;
      try {
        result = await prev(method, payload, requestSignal);
      } catch (error) {
        if (!(error instanceof HttpError) || aborted() || !canRetry || !uncertainRetries) throw error;
        options.onRetry?.(method, error.message, backoff);
        await pause(backoff, signals);
        continue;
      }
      if (result.ok) return result;
      if (result.error_code === 401) {
        options.onUnauthorized();
        return result;
      }
      const retryAfter = result.parameters?.retry_after;
      if (result.error_code === 429 && retryAfter !== undefined && retryAfter <= maxRetryAfter && canRetry) {
        options.onRetry?.(method, result.description, retryAfter * 1000);
        await pause(retryAfter * 1000, signals);
        continue;
      }
      if (result.error_code >= 500 && canRetry && uncertainRetries) {
        options.onRetry?.(method, result.description, backoff);
        await pause(backoff, signals);
        continue;
      }
      return result;
    }
  };
}

/** grammY's signal type comes from the abort-controller shim; only these members are used. */
type Abortable = {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
};

function pause(ms: number, signals: Array<Abortable | undefined>): Promise<void> {
  return new Promise((resolve, reject) => {
    const live = signals.filter((signal): signal is Abortable => signal !== undefined);
    if (live.some((signal) => signal.aborted)) return reject(new Error('aborted while waiting to retry'));
    const onAbort = () => {
      clearTimeout(timer);
      for (const signal of live) signal.removeEventListener('abort', onAbort);
      reject(new Error('aborted while waiting to retry'));
    };
    const timer = setTimeout(() => {
      for (const signal of live) signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    for (const signal of live) signal.addEventListener('abort', onAbort);
  });
}
