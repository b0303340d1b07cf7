/**
 * The tracking limits shared through the database (docs/decisions.md#funnel-tracking): two limit sets on one test
 * database stand for two instances; `sync()` is one period's hand-over. Both engines (the SQL is the same); the
 * two-process proof on PostgreSQL is tracking-instances.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { migrate } from '../../db/migrate.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { createTrackingLimits, type TrackingLimits } from './shared-rate-limit.ts';

let db: TestDatabase;
const open: TrackingLimits[] = [];
const logger = createLogger('error', () => {});

beforeAll(async () => {
  db = await createTestDatabase();
  await migrate(db.sql);
}, 60_000);
afterAll(async () => {
  await Promise.all(open.map((limits) => limits.stop()));
  await db.close();
});

/** A bucket that barely refills during a test: 10 tokens, one more every 100 s. */
const SLOW = { capacity: 10, perSecond: 0.01 };

/** Two instances (or more): each is one server's limits, sharing the database. */
function instance(): TrackingLimits {
  const limits = createTrackingLimits({ views: SLOW, clicks: SLOW, shared: { sql: db.sql, logger, periodMs: 3_600_000 } });
  open.push(limits);
  return limits;
}

const takeAll = (limits: TrackingLimits, key: string, count: number) =>
  Array.from({ length: count }, () => limits.views.take(key).ok).filter(Boolean).length;

describe('tracking limits across instances', () => {
  test('one instance alone has the whole bucket', () => {
    const a = instance();
    expect(takeAll(a, 'solo', 15)).toBe(10);
  });

  test('what an address took on one instance counts on the other after one period', async () => {
    const a = instance();
    const b = instance();
    expect(takeAll(a, '198.51.100.1', 7)).toBe(7);
    await a.sync();
    // B never saw this address: its first request learns nothing yet (no round trip on the hot path)…
    expect(takeAll(b, '198.51.100.1', 1)).toBe(1);
    await b.sync();
    // …and after its hand-over it continues from the shared bucket: 10 − 7 − 1 = 2 left for both.
    expect(takeAll(b, '198.51.100.1', 5)).toBe(2);
    await b.sync();
    await a.sync();
    expect(takeAll(a, '198.51.100.1', 5)).toBe(0);
  });

  test('a flood spread over both instances is held near one bucket, not two', async () => {
    const a = instance();
    const b = instance();
    let accepted = 0;
    for (let period = 0; period < 10; period += 1) {
      accepted += takeAll(a, '198.51.100.2', 3) + takeAll(b, '198.51.100.2', 3);
      await Promise.all([a.sync(), b.sync()]);
    }
    // Without sharing: 20 (10 each). Shared: the bucket's 10, plus at most what one period let through unseen.
    expect(accepted).toBeGreaterThanOrEqual(10);
    expect(accepted).toBeLessThanOrEqual(13);
    const [row] = await db.sql<{ tokens: number }[]>`select tokens from tracking_rate_buckets where key = 'views:198.51.100.2'`;
    expect(row?.tokens).toBeLessThanOrEqual(0.1);
  });

  test("quiet addresses (a visitor's few requests) never reach the database", async () => {
    const a = createTrackingLimits({ shared: { sql: db.sql, logger, periodMs: 3_600_000 } });
    open.push(a);
    for (let index = 0; index < 50; index += 1) takeAll(a, `203.0.113.${index}`, 5);
    await a.sync();
    const rows = await db.sql<{ n: number }[]>`select count(*)::int as n from tracking_rate_buckets where key like 'views:203.0.113.%'`;
    expect(rows[0]?.n).toBe(0);
  });

  test('a hand-over that fails is counted at the next one', async () => {
    const limits = instance();
    expect(takeAll(limits, '198.51.100.3', 8)).toBe(8);
    await db.sql`alter table tracking_rate_buckets rename to tracking_rate_buckets_away`;
    await limits.sync();
    await db.sql`alter table tracking_rate_buckets_away rename to tracking_rate_buckets`;
    await limits.sync();
    const [row] = await db.sql<{ tokens: number }[]>`select tokens from tracking_rate_buckets where key = 'views:198.51.100.3'`;
    expect(row?.tokens).toBeCloseTo(2, 0);
  });
});
