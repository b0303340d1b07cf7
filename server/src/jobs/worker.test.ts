import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { connect } from '../db/client.ts';
import { countJob, prepareJobsDatabase, quietLogger, recordEffect, statusCounts, until } from '../test-support/jobs.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { findJob } from './repository.ts';
import { LeaseLostError } from './run-job.ts';
import { createJobWorker, type JobWorker, type JobWorkerOptions } from './worker.ts';

let db: TestDatabase;
const workers: JobWorker[] = [];
beforeAll(async () => {
  db = await createTestDatabase();
  await prepareJobsDatabase(db.sql);
}, 20_000);
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop({ timeoutMs: 500 })));
  await db.sql`delete from jobs`;
  await db.sql`delete from job_effects`;
});
afterAll(() => db.close());

const newWorker = (options: Partial<JobWorkerOptions> = {}) => {
  const worker = createJobWorker({ sql: db.sql, logger: quietLogger(), pollMs: 20, ...options });
  workers.push(worker);
  return worker;
};

describe('job worker', () => {
  test('a failing job is retried with growing pauses, then dead-lettered with its last error', async () => {
    const attempts: number[] = [];
    const worker = newWorker({ backoff: { baseMs: 100, maxMs: 1000 } });
    worker.register(countJob, {
      run: async () => {
        attempts.push(Date.now());
        throw new Error(`falhou na tentativa ${attempts.length}`);
      },
    });
    const id = await countJob.enqueue(db.sql, { n: 1 }, { maxAttempts: 3 });
    worker.start();
    const dead = await until('the dead job', async () => {
      const job = await findJob(db.sql, id ?? '');
      return job?.status === 'dead' ? job : undefined;
    });
    expect(dead.attempts).toBe(3);
    expect(dead.lastError).toBe('falhou na tentativa 3');
    expect(attempts).toHaveLength(3);
    // Equal jitter: at least half of 100 ms, then of 200 ms.
    expect((attempts[1] ?? 0) - (attempts[0] ?? 0)).toBeGreaterThanOrEqual(50);
    expect((attempts[2] ?? 0) - (attempts[1] ?? 0)).toBeGreaterThanOrEqual(100);
    await Bun.sleep(300);
    expect(attempts).toHaveLength(3);
  });

  test('a job abandoned mid-run runs again once its lease expires, and its effect happens once', async () => {
    let first = true;
    let resumeStale = () => {};
    const staleOutcome: Promise<unknown>[] = [];
    const stale = newWorker({ sweepEveryMs: 60_000 });
    stale.register(countJob, {
      leaseMs: 400,
      // The "killed" worker: claims, then hangs past its lease; when it wakes up it tries to record the effect.
      run: (_payload, context) => new Promise((resolve, reject) => {
        if (!first) return resolve();
        first = false;
        resumeStale = () => {
          const attempt = context.completeWith((tx) => recordEffect(tx, context.job.id));
          staleOutcome.push(attempt.catch((error: unknown) => error));
          attempt.then(() => resolve(), reject);
        };
      }),
    });
    const id = await countJob.enqueue(db.sql, { n: 1 });
    stale.start();
    await until('the first claim', async () => (await findJob(db.sql, id ?? ''))?.status === 'running');
    await stale.stop({ timeoutMs: 0 }).catch(() => undefined);
    // stop() released it; put back what a SIGKILLed process leaves: running, lease still ahead.
    await db.sql`update jobs set status = 'running', attempts = 1, lease_token = gen_random_uuid(), lease_expires_at = now() + interval '400 milliseconds' where id = ${id ?? ''}`;

    const started = Date.now();
    const rescuer = newWorker();
    rescuer.register(countJob, { leaseMs: 60_000, run: async (_payload, context) => void (await context.completeWith((tx) => recordEffect(tx, context.job.id))) });
    rescuer.start();
    const done = await until('the job done by the second worker', async () => {
      const job = await findJob(db.sql, id ?? '');
      return job?.status === 'done' ? job : undefined;
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(done.attempts).toBe(2);
    resumeStale();
    await until('the stale attempt', async () => staleOutcome.length === 1);
    expect(await staleOutcome[0]).toBeInstanceOf(LeaseLostError);
    expect([...await db.sql`select job_id, runs from job_effects`]).toEqual([{ job_id: id, runs: 1 }]);
  });

  test('a live worker renews its long run\'s lease: the claim holds only the live lease, and no other worker takes the job', async () => {
    const runs: string[] = [];
    const handler = (who: string) => ({
      leaseMs: 20 * 60_000,
      run: async (_payload: { n: number }, context: Parameters<Parameters<JobWorker['register']>[1]['run']>[1]) => {
        runs.push(who);
        await Bun.sleep(1_500);
        await context.completeWith((tx) => recordEffect(tx, context.job.id));
      },
    });
    const a = newWorker({ liveLeaseMs: 300 });
    a.register(countJob, handler('a'));
    const id = await countJob.enqueue(db.sql, { n: 1 });
    a.start();
    await until('the claim', async () => (await findJob(db.sql, id ?? ''))?.status === 'running');
    // A 20-minute kind, yet the claim holds the job for the live lease only: a dead worker's job waits that long.
    const [lease] = await db.sql<{ ms: number }[]>`select extract(epoch from lease_expires_at - now()) * 1000 as ms from jobs where id = ${id ?? ''}`;
    expect(Number(lease?.ms)).toBeLessThanOrEqual(300);
    const b = newWorker({ liveLeaseMs: 300 });
    b.register(countJob, handler('b'));
    b.start();
    await until('the job done', async () => (await findJob(db.sql, id ?? ''))?.status === 'done');
    expect(runs).toEqual(['a']);
    expect((await findJob(db.sql, id ?? ''))?.attempts).toBe(1);
    expect([...await db.sql`select job_id, runs from job_effects`]).toEqual([{ job_id: id, runs: 1 }]);
  });

  test('a run stuck past its kind\'s leaseMs is no longer renewed and the job is claimed again', async () => {
    const claims: number[] = [];
    let release = () => {};
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const worker = newWorker({ liveLeaseMs: 200 });
    worker.register(countJob, {
      leaseMs: 700,
      run: async (_payload, context) => {
        claims.push(Date.now());
        if (claims.length === 1) return stuck;
        await context.completeWith((tx) => recordEffect(tx, context.job.id));
      },
    });
    const id = await countJob.enqueue(db.sql, { n: 1 });
    worker.start();
    await until('the job done by its second run', async () => (await findJob(db.sql, id ?? ''))?.status === 'done');
    release();
    expect(claims).toHaveLength(2);
    // Renewed while within its 700 ms (the live lease alone would have ended after 200 ms), then left to run out.
    expect((claims[1] ?? 0) - (claims[0] ?? 0)).toBeGreaterThanOrEqual(600);
    expect((await findJob(db.sql, id ?? ''))?.attempts).toBe(2);
    expect([...await db.sql`select job_id, runs from job_effects`]).toEqual([{ job_id: id, runs: 1 }]);
  });

  test('two workers on one database run each of 1 000 jobs exactly once', async () => {
    const runs = new Map<number, number>();
    const handler = {
      run: async (payload: { n: number }, context: Parameters<Parameters<JobWorker['register']>[1]['run']>[1]) => {
        runs.set(payload.n, (runs.get(payload.n) ?? 0) + 1);
        await context.completeWith((tx) => recordEffect(tx, context.job.id));
      },
    };
    await db.sql`insert into jobs (kind, payload) select 'test.count', jsonb_build_object('n', n) from generate_series(1, 1000) as n`;
    // On PostgreSQL the second worker has a pool of its own, as another server instance would.
    const otherPool = db.databaseUrl ? connect(db.databaseUrl, 4) : undefined;
    const a = newWorker({ concurrency: 4 });
    const b = newWorker({ concurrency: 4, ...(otherPool ? { sql: otherPool } : {}) });
    a.register(countJob, handler);
    b.register(countJob, handler);
    a.start();
    b.start();
    await until('every job done', async () => (await statusCounts(db.sql)).done === 1000, 18_000);
    expect(runs.size).toBe(1000);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const [effects] = await db.sql<{ rows: number; maxRuns: number }[]>`select count(*)::int as rows, max(runs) as "maxRuns" from job_effects`;
    expect(effects).toEqual({ rows: 1000, maxRuns: 1 });
    expect(await statusCounts(db.sql)).toEqual({ done: 1000 });
    await b.stop();
    await otherPool?.end({ timeout: 5 });
  }, 20_000);
});
