/**
 * Time an execution spends waiting on Telegram or an HTTP endpoint, so step latency can be reported without the
 * other side's share (bench/engine). AsyncLocalStorage carries the walk's clock into the Api transformer.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Transformer } from 'grammy';

export type ExternalClock = { ms: number };

export const externalClock = new AsyncLocalStorage<ExternalClock>();

export const externalTimer: Transformer = async (prev, method, payload, signal) => {
  const clock = externalClock.getStore();
  if (!clock) return prev(method, payload, signal);
  const started = performance.now();
  try {
    return await prev(method, payload, signal);
  } finally {
    clock.ms += performance.now() - started;
  }
};
