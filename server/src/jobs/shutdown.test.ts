import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import path from 'node:path';
import { countJob, prepareJobsDatabase, quietLogger, recordEffect, until } from '../test-support/jobs.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { findJob } from './repository.ts';
import { createJobWorker } from './worker.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await prepareJobsDatabase(db.sql);
}, 20_000);
afterAll(() => db.close());

describe('stopping and crashing workers', () => {
  test('a graceful stop lets a short job finish and gives a stuck one back within 10 s', async () => {
    const worker = createJobWorker({ sql: db.sql, logger: quietLogger(), pollMs: 20 });
    let aborted = false;
    worker.register(countJob, {
      run: async (payload, context) => {
        if (payload.n === 1) {
          await Bun.sleep(300);
          await context.completeWith((tx) => recordEffect(tx, context.job.id));
          return;
        }
        await new Promise((resolve) => context.signal.addEventListener('abort', resolve));
        aborted = true;
        return 'release';
      },
    });
    const short = await countJob.enqueue(db.sql, { n: 1 });
    const stuck = await countJob.enqueue(db.sql, { n: 2 });
    worker.start();
    await until('both claimed', async () => worker.running === 2);
    const later = await countJob.enqueue(db.sql, { n: 3 });
    const started = Date.now();
    await worker.stop();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await findJob(db.sql, short ?? ''))?.status).toBe('done');
    expect(aborted).toBe(true);
    expect(await findJob(db.sql, stuck ?? '')).toMatchObject({ status: 'queued', attempts: 0 });
    // Nothing new was claimed once stopping began.
    expect(await findJob(db.sql, later ?? '')).toMatchObject({ status: 'queued', attempts: 0 });
  }, 15_000);

  test.skipIf(!db?.databaseUrl && !process.env.DATABASE_URL)('a worker process killed with SIGKILL mid-job: the job runs again after its lease, its effect once', async () => {
    await db.sql`delete from jobs`;
    const id = await countJob.enqueue(db.sql, { n: 1 });
    const child = Bun.spawn(['bun', path.join(import.meta.dir, '../test-support/job-worker-process.ts'), db.databaseUrl ?? '', '1000'], { stdout: 'pipe', stderr: 'ignore' });
    try {
      let printed = '';
      for await (const chunk of child.stdout) {
        printed += new TextDecoder().decode(chunk);
        if (printed.includes('\n')) break;
      }
      expect(printed).toBe(`claimed ${id}\n`);
    } finally {
      child.kill('SIGKILL');
      await child.exited;
    }

    const rescuer = createJobWorker({ sql: db.sql, logger: quietLogger(), pollMs: 20 });
    rescuer.register(countJob, { run: async (_payload, context) => void (await context.completeWith((tx) => recordEffect(tx, context.job.id))) });
    rescuer.start();
    const done = await until('the job done again', async () => {
      const job = await findJob(db.sql, id ?? '');
      return job?.status === 'done' ? job : undefined;
    });
    await rescuer.stop();
    expect(done.attempts).toBe(2);
    expect([...await db.sql`select job_id, runs from job_effects where job_id = ${id ?? ''}`]).toEqual([{ job_id: id, runs: 1 }]);
  }, 15_000);
});
