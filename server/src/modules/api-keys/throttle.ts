/**
 * The per-key request throttle: a token bucket per key, `perMinute` tokens deep and refilled at `perMinute` a minute,
 * so a script may burst up to a minute's worth and then runs at the steady rate. Kept in this instance's memory:
 * with N instances behind a balancer a key gets up to N times the rate, which bounds the load each instance takes
 * (what the throttle protects) without a shared write per request. A full bucket is forgotten (it equals a new one).
 */
export type KeyThrottle = {
  /** 0 when the request may go now (one token taken), else the seconds until one token is back. */
  take(keyId: string): number;
};

type Bucket = { tokens: number; at: number };

export function createKeyThrottle(perMinute: number, now: () => number = () => performance.now()): KeyThrottle {
  const buckets = new Map<string, Bucket>();
  const perMs = perMinute / 60_000;
  let sweptAt = now();
  const sweep = (at: number) => {
    if (at - sweptAt < 60_000) return;
    sweptAt = at;
    for (const [id, bucket] of buckets) if (bucket.tokens + (at - bucket.at) * perMs >= perMinute) buckets.delete(id);
  };
  return {
    take(keyId) {
      const at = now();
      sweep(at);
      const bucket = buckets.get(keyId) ?? { tokens: perMinute, at };
      bucket.tokens = Math.min(perMinute, bucket.tokens + (at - bucket.at) * perMs);
      bucket.at = at;
      buckets.set(keyId, bucket);
      if (bucket.tokens < 1) return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
      bucket.tokens -= 1;
      return 0;
    },
  };
}
