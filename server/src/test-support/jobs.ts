/**
 * What the job tests share: a migrated database of the suite's kind, a quiet logger, kinds to run, and a way to
 * wait for the queue to reach a state. Test-only (imported by *.test.ts and the crash-worker process).
 */
import { z } from 'zod';
import type { Queryable, Sql } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createLogger } from '../lib/logger.ts';
import { jobKind } from '../jobs/queue.ts';

export const quietLogger = () => createLogger('error', () => {});

export const countJob = jobKind('test.count', z.object({ n: z.number() }));

export async function prepareJobsDatabase(sql: Sql) {
  await migrate(sql);
  await sql`create table if not exists job_effects (job_id uuid primary key, runs integer not null default 1)`;
}

/** The handler's database effect: one row per job; a second run would count up (or, in completeWith, roll back). */
export async function recordEffect(tx: Queryable, jobId: string) {
  await tx`insert into job_effects (job_id) values (${jobId}) on conflict (job_id) do update set runs = job_effects.runs + 1`;
}

export async function statusCounts(sql: Queryable) {
  const rows = await sql<{ status: string; count: number }[]>`select status, count(*)::int as count from jobs group by status`;
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

export async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(20);
  }
}
