/**
 * Pause before a failed job's next attempt: exponential from the base, capped, with "equal jitter" (half fixed,
 * half random) so jobs that failed together (an API down for everyone) do not all come back in the same instant.
 */
export type Backoff = { baseMs: number; maxMs: number };

export const DEFAULT_BACKOFF: Backoff = { baseMs: 1_000, maxMs: 10 * 60_000 };

/** attempt: the number of the attempt that just failed, from 1. */
export function retryDelayMs(backoff: Backoff, attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}
