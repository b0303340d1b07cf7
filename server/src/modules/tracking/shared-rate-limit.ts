/**
 * The tracking limits across instances (docs/decisions.md#funnel-tracking). Requests only touch each instance's
 * buckets in memory; every `periodMs` the instance hands what busy addresses consumed on it (at least `threshold`
 * tokens since the last hand-over) to the shared buckets in PostgreSQL, in one statement, and continues from the
 * buckets as all instances left them. So the limit holds for the sum of the instances, approximately: another
 * instance's consumption is seen here within one period once it reaches the threshold. Quiet addresses (a visitor's
 * few requests) never leave memory, so ordinary traffic costs the database nothing.
 */
import type { Queryable } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { createRateLimiter, type Bucket, type SharedRateLimiter } from './rate-limit.ts';
import { foldConsumption, forgetIdleBuckets } from './rate-limit-repository.ts';

export const DEFAULT_SYNC_MS = 250;
const FORGET_EVERY_MS = 60_000;
/** Longer than any bucket here takes to refill from minus its capacity (clicks: 80 s). */
const IDLE_BUCKET_SECONDS = 600;

export type TrackingLimits = {
  views: SharedRateLimiter;
  clicks: SharedRateLimiter;
  /** One hand-over now (tests; the timer calls it every period). */
  sync(): Promise<void>;
  stop(): Promise<void>;
};

export type TrackingLimitsOptions = {
  views?: Bucket;
  clicks?: Bucket;
  /** The database the instances share; without it the limits are this instance's alone (one process). */
  shared?: { sql: Queryable; logger: Logger; periodMs?: number };
};

/** A key is handed over once it took this share of its bucket here: views 6 tokens, clicks 1. */
export const handOverThreshold = (bucket: Bucket) => Math.max(1, Math.ceil(bucket.capacity / 20));

export function createTrackingLimits(options: TrackingLimitsOptions = {}): TrackingLimits {
  const shared = options.shared;
  const build = (bucket: Bucket) => createRateLimiter(bucket, { handOverAt: shared ? handOverThreshold(bucket) : undefined });
  const limiters = {
    views: build(options.views ?? { capacity: 120, perSecond: 30 }),
    clicks: build(options.clicks ?? { capacity: 20, perSecond: 0.5 }),
  };
  let running: Promise<void> | undefined;
  let forgottenAt = Date.now();
  let failing = false;

  async function sync() {
    if (!shared) return;
    if (running) return running;
    running = (async () => {
      try {
        await handOver(shared.sql, limiters);
        if (Date.now() - forgottenAt > FORGET_EVERY_MS) {
          forgottenAt = Date.now();
          await forgetIdleBuckets(shared.sql, IDLE_BUCKET_SECONDS);
        }
        failing = false;
      } catch (error) {
        // The database is away: the limits stay this instance's own until it is back, and what was consumed
        // meanwhile is handed over then. Logged once per outage, not every period.
        if (!failing) shared.logger.warn('limites de rastreamento não sincronizados; nova tentativa a cada período', { error });
        failing = true;
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  const timer = shared ? setInterval(() => void sync(), shared.periodMs ?? DEFAULT_SYNC_MS) : undefined;
  return {
    ...limiters,
    sync,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** One statement folds every busy key's consumption into its shared bucket; each limiter continues from the result. */
async function handOver(sql: Queryable, limiters: Record<string, SharedRateLimiter>) {
  const handed = Object.entries(limiters).map(([name, limiter]) => ({
    name, limiter, rows: limiter.drain(),
  }));
  const rows = handed.flatMap(({ name, limiter, rows: consumption }) => consumption.map((row) => ({
    key: `${name}:${row.key}`, consumed: row.consumed, capacity: limiter.bucket.capacity, perSecond: limiter.bucket.perSecond,
  })));
  if (rows.length === 0) return;
  try {
    const buckets = await foldConsumption(sql, rows);
    for (const { name, limiter, rows: consumption } of handed) {
      for (const row of consumption) {
        const tokens = buckets.get(`${name}:${row.key}`);
        if (tokens === undefined) limiter.restore([row]);
        else limiter.settle(row.key, tokens);
      }
    }
  } catch (error) {
    for (const { limiter, rows: consumption } of handed) limiter.restore(consumption);
    throw error;
  }
}
