/**
 * Per-address token buckets for the public tracking calls (docs/decisions.md#funnel-tracking). A request only ever
 * touches this instance's memory: no database round trip on the hot path. With several instances the buckets are
 * kept approximately global by shared-rate-limit.ts: what an address consumed here is handed over (`drain`) and the
 * bucket as every instance left it comes back (`settle`), so an address cannot multiply its rate by the number of
 * instances. The map is swept so idle addresses do not accumulate.
 */
export type Bucket = { capacity: number; perSecond: number };

export type RateLimiter = {
  /** Takes a token; answers the seconds to wait when there is none. */
  take(key: string): { ok: true } | { ok: false; retryAfterSeconds: number };
};

/** What a key consumed here and has not handed over yet. */
export type Consumption = { key: string; consumed: number };

export type SharedRateLimiter = RateLimiter & {
  bucket: Bucket;
  /**
   * Hands over the consumption of the keys that took at least `handOverAt` tokens since their last hand-over, and of
   * the keys that did within the last `WATCH_MS` (even with nothing new: their shared bucket may have moved).
   */
  drain(): Consumption[];
  /** The shared bucket came back with `tokens` (everyone's consumption folded in): this instance continues from it. */
  settle(key: string, tokens: number): void;
  /** A hand-over that failed: its consumption is counted again at the next one. */
  restore(handed: Consumption[]): void;
};

export type RateLimiterOptions = {
  /** Tokens a key takes here before it is handed over; undefined: never (the buckets are this instance's alone). */
  handOverAt?: number | undefined;
  now?: () => number;
};

const MAX_KEYS = 100_000;
/** A busy key keeps following its shared bucket this long after it last reached `handOverAt`. */
const WATCH_MS = 10_000;

type Entry = { tokens: number; at: number; unreported: number; travelling: boolean; watchUntil: number };

export function createRateLimiter(bucket: Bucket, options: RateLimiterOptions = {}): SharedRateLimiter {
  const now = options.now ?? (() => performance.now());
  const handOverAt = options.handOverAt;
  const state = new Map<string, Entry>();
  // Only the keys due for a hand-over (busy or watched), so a period never walks the whole map.
  const due = new Set<string>();
  let sweptAt = now();

  const fresh = (time: number): Entry => ({ tokens: bucket.capacity, at: time, unreported: 0, travelling: false, watchUntil: 0 });

  function sweep(time: number) {
    // At most once a minute, or when the map grows too big.
    if (time - sweptAt < 60_000 && state.size < MAX_KEYS) return;
    sweptAt = time;
    forgetFull(state, due, bucket, time);
  }

  return {
    bucket,
    take(key) {
      const time = now();
      sweep(time);
      const entry = state.get(key) ?? fresh(time);
      entry.tokens = Math.min(bucket.capacity, entry.tokens + ((time - entry.at) / 1000) * bucket.perSecond);
      entry.at = time;
      state.set(key, entry);
      if (entry.tokens < 1) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - entry.tokens) / bucket.perSecond)) };
      entry.tokens -= 1;
      if (handOverAt !== undefined) {
        entry.unreported += 1;
        if (entry.unreported >= handOverAt) due.add(key);
      }
      return { ok: true };
    },
    drain() {
      return handOverAt === undefined ? [] : handOver(state, due, handOverAt, now());
    },
    settle(key, tokens) {
      const time = now();
      const entry = state.get(key) ?? fresh(time);
      // What was taken here while the hand-over travelled is not in `tokens` yet: it stays unreported and counts now.
      entry.tokens = Math.min(bucket.capacity, tokens) - entry.unreported;
      entry.at = time;
      entry.travelling = false;
      state.set(key, entry);
    },
    restore(handed) {
      for (const { key, consumed } of handed) {
        const entry = state.get(key);
        if (!entry) continue;
        entry.unreported += consumed;
        entry.travelling = false;
      }
    },
  };
}

/** Full buckets with nothing left to hand over carry no information: forgotten; everything when the map is too big. */
function forgetFull(state: Map<string, Entry>, due: Set<string>, bucket: Bucket, time: number) {
  for (const [key, entry] of state) {
    const full = entry.tokens + ((time - entry.at) / 1000) * bucket.perSecond >= bucket.capacity;
    if (full && !due.has(key)) state.delete(key);
  }
  if (state.size >= MAX_KEYS) {
    state.clear();
    due.clear();
  }
}

/** The due keys' consumption, each marked travelling until it settles (or is restored); idle keys leave `due`. */
function handOver(state: Map<string, Entry>, due: Set<string>, handOverAt: number, time: number): Consumption[] {
  const handed: Consumption[] = [];
  for (const key of due) {
    const entry = state.get(key);
    if (!entry || (entry.unreported < handOverAt && entry.watchUntil < time)) {
      due.delete(key);
      continue;
    }
    if (entry.travelling) continue;
    entry.travelling = true;
    if (entry.unreported >= handOverAt) entry.watchUntil = time + WATCH_MS;
    handed.push({ key, consumed: entry.unreported });
    entry.unreported = 0;
  }
  return handed;
}
