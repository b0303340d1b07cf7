import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { countJob, prepareJobsDatabase, quietLogger, until } from '../test-support/jobs.ts';
import { inTransaction } from '../db/transaction.ts';
import { createTestDatabase, realPostgresUrl, type TestDatabase } from '../test-support/test-database.ts';
import { enqueue } from './queue.ts';
import { findJob } from './repository.ts';
import { createJobWorker, type JobWorker } from './worker.ts';

let db: TestDatabase;
let worker: JobWorker | undefined;
beforeAll(async () => {
  db = await createTestDatabase();
  await prepareJobsDatabase(db.sql);
}, 20_000);
afterEach(async () => {
  await worker?.stop({ timeoutMs: 1000 });
  worker = undefined;
  await db.sql`delete from jobs`;
});
afterAll(() => db.close());

function startWorker(seen: { n: number; at: number }[], scopes: string[] = []) {
  worker = createJobWorker({ sql: db.sql, logger: quietLogger(), pollMs: 25 });
  worker.register(countJob, { run: async (payload) => void seen.push({ n: payload.n, at: Date.now() }) });
  for (const scope of scopes) worker.hold(scope);
  worker.start();
  return worker;
}

describe('enqueue', () => {
  test('a job enqueued in a transaction that rolls back never exists and never runs', async () => {
    const seen: { n: number; at: number }[] = [];
    await db.sql.begin(async (tx) => {
      await countJob.enqueue(tx, { n: 1 });
      throw new Error('the request failed after enqueueing');
    }).catch(() => undefined);
    await db.sql.begin(async (tx) => void (await countJob.enqueue(tx, { n: 2 })));
    startWorker(seen);
    await until('the committed job', async () => seen.length === 1);
    await Bun.sleep(150);
    expect(seen.map((run) => run.n)).toEqual([2]);
    expect((await db.sql`select count(*)::int as count from jobs`)[0]?.count).toBe(1);
  });

  test('an idempotency key is unique per kind, even after the first job ran', async () => {
    const seen: { n: number; at: number }[] = [];
    const first = await countJob.enqueue(db.sql, { n: 1 }, { idempotencyKey: 'broadcast-7:contact-9' });
    expect(first).not.toBeNull();
    expect(await countJob.enqueue(db.sql, { n: 2 }, { idempotencyKey: 'broadcast-7:contact-9' })).toBeNull();
    // Another kind may use the same key.
    expect(await enqueue(db.sql, { kind: 'test.other', payload: {}, idempotencyKey: 'broadcast-7:contact-9' })).not.toBeNull();
    startWorker(seen);
    await until('the first job done', async () => (await findJob(db.sql, first ?? ''))?.status === 'done');
    expect(await countJob.enqueue(db.sql, { n: 3 }, { idempotencyKey: 'broadcast-7:contact-9' })).toBeNull();
    await Bun.sleep(150);
    expect(seen.map((run) => run.n)).toEqual([1]);
  });
});

describe('scheduling', () => {
  test('a scheduled job does not run before its run_at, and runs soon after', async () => {
    const seen: { n: number; at: number }[] = [];
    const runAt = new Date(Date.now() + 1200);
    await countJob.enqueue(db.sql, { n: 1 }, { runAt });
    await countJob.enqueue(db.sql, { n: 2 });
    startWorker(seen);
    await until('the unscheduled job', async () => seen.length === 1);
    await Bun.sleep(700);
    expect(seen.map((run) => run.n)).toEqual([2]);
    await until('the scheduled job', async () => seen.length === 2, 5000);
    const scheduled = seen[1];
    expect(scheduled?.n).toBe(1);
    expect(scheduled?.at ?? 0).toBeGreaterThanOrEqual(runAt.getTime());
    expect(scheduled?.at ?? 0).toBeLessThan(runAt.getTime() + 1000);
  });

  test('a scoped job runs only on a worker holding its scope, and waits while none does', async () => {
    const seen: { n: number; at: number }[] = [];
    await countJob.enqueue(db.sql, { n: 1 }, { scope: 'bot:a' });
    await countJob.enqueue(db.sql, { n: 2 });
    const running = startWorker(seen, ['bot:b']);
    await until('the unscoped job', async () => seen.length === 1);
    await Bun.sleep(200);
    expect(seen.map((run) => run.n)).toEqual([2]);
    running.hold('bot:a');
    await until('the scoped job', async () => seen.length === 2);
    expect(seen.map((run) => run.n)).toEqual([2, 1]);
  });
});

describe('enqueueing many at once', () => {
  // Concurrent transactions need a server: the embedded database runs one connection at a time.
  test.skipIf(!realPostgresUrl())('transactions enqueueing the same keys in different orders never deadlock (PostgreSQL)', async () => {
    const keys = Array.from({ length: 400 }, (_, n) => `rodada-${n}`);
    const shuffled = () => [...keys].sort(() => Math.random() - 0.5);
    const failures: string[] = [];
    await Promise.all(Array.from({ length: 8 }, async () => {
      for (let round = 0; round < 4; round += 1) {
        await inTransaction(db.sql, async (tx) => {
          await countJob.enqueueMany(tx, shuffled().map((key, n) => ({ payload: { n }, options: { idempotencyKey: `${round}:${key}` } })));
          // Held a moment, as a journal flush holds its transaction: the others meet these keys uncommitted.
          await Bun.sleep(2);
        }).catch((error: unknown) => failures.push(String(Reflect.get(Object(error), 'code') ?? error)));
      }
    }));
    expect(failures).toEqual([]);
    const [row] = await db.sql<{ n: number }[]>`select count(*)::int as n from jobs`;
    expect(row?.n).toBe(4 * keys.length);
  }, 60_000);
});
