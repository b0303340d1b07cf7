/**
 * Per-address token buckets for the public tracking calls (docs/decisions.md#funnel-tracking). In memory, per
 * server instance: with N instances behind a balancer an address gets up to N times the rate, which is fine for
 * what this guards (a script or a bot flooding one funnel, or a click loop minting invite links), and it costs no
 * database round trip on the hot path. The map is swept so idle addresses do not accumulate.
 */
export type Bucket = { capacity: number; perSecond: number };

export type RateLimiter = {
  /** Takes a token; answers the seconds to wait when there is none. */
  take(key: string): { ok: true } | { ok: false; retryAfterSeconds: number };
};

const MAX_KEYS = 100_000;

export function createRateLimiter(bucket: Bucket, now: () => number = () => performance.now()): RateLimiter {
  const state = new Map<string, { tokens: number; at: number }>();
  let sweptAt = now();

  function sweep(time: number) {
    // Full buckets carry no information: forget them (at most once a minute, or when the map grows too big).
    if (time - sweptAt < 60_000 && state.size < MAX_KEYS) return;
    sweptAt = time;
    for (const [key, entry] of state) {
      if (entry.tokens + ((time - entry.at) / 1000) * bucket.perSecond >= bucket.capacity) state.delete(key);
    }
    if (state.size >= MAX_KEYS) state.clear();
  }

  return {
    take(key) {
      const time = now();
      sweep(time);
      const entry = state.get(key) ?? { tokens: bucket.capacity, at: time };
      entry.tokens = Math.min(bucket.capacity, entry.tokens + ((time - entry.at) / 1000) * bucket.perSecond);
      entry.at = time;
      state.set(key, entry);
      if (entry.tokens < 1) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - entry.tokens) / bucket.perSecond)) };
      entry.tokens -= 1;
      return { ok: true };
    },
  };
}
