/** The shared token buckets of the tracking limits (tracking_rate_buckets, shared-rate-limit.ts). */
import type { Queryable } from '../../db/client.ts';

export type BucketConsumption = { key: string; consumed: number; capacity: number; perSecond: number };

/**
 * Folds what each key consumed on one instance into its shared bucket (refilled up to now first, never below minus
 * its capacity) and answers every bucket as it is now, everyone's consumption included. One statement for all keys.
 */
export async function foldConsumption(sql: Queryable, rows: BucketConsumption[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const answer = await sql<{ key: string; tokens: number }[]>`
    with input as (
      select * from unnest(${rows.map((row) => row.key)}::text[], ${rows.map((row) => row.consumed)}::float8[],
                           ${rows.map((row) => row.capacity)}::float8[], ${rows.map((row) => row.perSecond)}::float8[])
        as i(key, consumed, capacity, per_second)
    )
    insert into tracking_rate_buckets as b (key, tokens, updated_at)
    select key, greatest(-capacity, capacity - consumed), now() from input
    on conflict (key) do update set
      tokens = (select greatest(-i.capacity, least(i.capacity, b.tokens + extract(epoch from now() - b.updated_at) * i.per_second) - i.consumed)
                from input i where i.key = b.key),
      updated_at = now()
    returning key, tokens`;
  return new Map(answer.map((row) => [row.key, row.tokens]));
}

/** Buckets untouched for a while have refilled long ago: they say nothing anymore. */
export async function forgetIdleBuckets(sql: Queryable, idleSeconds: number): Promise<void> {
  await sql`delete from tracking_rate_buckets where updated_at < now() - make_interval(secs => ${idleSeconds})`;
}
