/**
 * The job queue (server/src/jobs): jobs claimed and completed per second by 1 and by 4 workers (each at its
 * default concurrency of 4, a handler that does nothing), on the embedded database and on PostgreSQL
 * (TEST_DATABASE_URL, DATABASE_URL or BENCH_DATABASE_URL; a fresh database is created and dropped). On
 * PostgreSQL each worker has a pool of its own, as separate server instances would; embedded they share the
 * server's single connection. Also: single enqueues per second, each its own statement.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, createDatabase, type Sql } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { createJobWorker } from '../server/src/jobs/worker.ts';
import { countJob, quietLogger } from '../server/src/test-support/jobs.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 5000);
const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || process.env.BENCH_DATABASE_URL || 'postgres://canalize_ci:canalize_ci@127.0.0.1:5432/postgres';

async function drain(sql: Sql, pools: Sql[]): Promise<number> {
  await sql`delete from jobs`;
  await sql`insert into jobs (kind, payload) select 'test.count', jsonb_build_object('n', n) from generate_series(1, ${JOBS}) as n`;
  const workers = pools.map((pool) => {
    const worker = createJobWorker({ sql: pool, logger: quietLogger(), pollMs: 50 });
    worker.register(countJob, { run: async () => {} });
    return worker;
  });
  const started = performance.now();
  for (const worker of workers) worker.start();
  for (;;) {
    const [row] = await sql<{ left: number }[]>`select count(*)::int as left from jobs where status <> 'done'`;
    if (row?.left === 0) break;
    await Bun.sleep(20);
  }
  const rate = JOBS / ((performance.now() - started) / 1000);
  await Promise.all(workers.map((worker) => worker.stop()));
  return rate;
}

async function measure(label: string, sql: Sql, pools: (count: number) => Sql[]) {
  await migrate(sql);
  const enqueues = 1000;
  const started = performance.now();
  for (let n = 0; n < enqueues; n++) await countJob.enqueue(sql, { n });
  const enqueueRate = enqueues / ((performance.now() - started) / 1000);
  const one = await drain(sql, pools(1));
  const four = await drain(sql, pools(4));
  console.log(`jobs: ${label}: ${one.toFixed(0)} jobs/s com 1 worker, ${four.toFixed(0)} jobs/s com 4 workers (${JOBS} tarefas); ${enqueueRate.toFixed(0)} enqueues/s`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'canalize-bench-jobs-'));
const embedded = await createDatabase({ databaseUrl: undefined, dataDir });
await measure('embutido (PGlite, uma conexão)', embedded.sql, (count) => Array.from({ length: count }, () => embedded.sql));
await embedded.close();
rmSync(dataDir, { recursive: true, force: true });

const admin = connect(pgUrl, 1);
const reachable = await admin`select 1`.then(() => true, () => false);
if (reachable) {
  const name = `canalize_bench_jobs_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const sql = connect(url.toString(), 2);
  const opened: Sql[] = [];
  await measure('PostgreSQL', sql, (count) => Array.from({ length: count }, () => {
    const pool = connect(url.toString(), 4);
    opened.push(pool);
    return pool;
  }));
  await Promise.all([sql, ...opened].map((pool) => pool.end({ timeout: 5 })));
  await admin.unsafe(`drop database if exists ${name} with (force)`);
} else {
  console.log('jobs: PostgreSQL não disponível (defina TEST_DATABASE_URL) — medição pulada');
}
await admin.end({ timeout: 1 });
