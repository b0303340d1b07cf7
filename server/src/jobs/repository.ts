/**
 * Every statement of the job queue (docs/decisions.md#background-jobs). A claim takes due rows with
 * FOR UPDATE SKIP LOCKED and stamps them with a lease token; every later write of a claimed job names that token,
 * so a worker whose lease ran out (and whose job another worker claimed meanwhile) changes nothing.
 */
import type { Queryable } from '../db/client.ts';
import { jsonb } from '../db/json.ts';

export type NewJob = {
  kind: string;
  payload: unknown;
  runAt?: Date | undefined;
  idempotencyKey?: string | undefined;
  maxAttempts?: number | undefined;
  scope?: string | undefined;
  tenant?: string | undefined;
};

export type ClaimedJob = {
  id: string;
  kind: string;
  payload: unknown;
  /** This attempt's number, from 1. */
  attempts: number;
  maxAttempts: number;
  leaseToken: string;
};

export type JobStatus = 'queued' | 'running' | 'done' | 'dead';

/** Null when a job of this kind with this idempotency key already exists (queued, running or finished). */
export async function insertJob(sql: Queryable, job: NewJob): Promise<string | null> {
  const [row] = await sql<{ id: string }[]>`
    insert into jobs (kind, payload, run_at, idempotency_key, max_attempts, scope, tenant)
    values (${job.kind}, ${jsonb(sql, job.payload)}, ${job.runAt ?? sql`now()`}, ${job.idempotencyKey ?? null},
            ${job.maxAttempts ?? 5}, ${job.scope ?? null}, ${job.tenant ?? null})
    on conflict (kind, idempotency_key) do nothing
    returning id`;
  return row?.id ?? null;
}

/**
 * Several jobs in one statement (a batch that must not cost a round trip each); duplicates by key add nothing. The
 * rows go in in key order: two transactions enqueueing the same keys (two journal flushes naming the same webhook
 * rounds) then wait on each other's keys in one order, never in a cycle (a deadlock).
 */
export async function insertJobs(sql: Queryable, jobs: NewJob[]): Promise<number> {
  if (jobs.length === 0) return 0;
  const keyOf = (job: NewJob) => `${job.kind}\u0000${job.idempotencyKey ?? ''}`;
  const ordered = [...jobs].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
  const wire = ordered.map((job) => ({
    kind: job.kind, payload: job.payload ?? null, run_at: job.runAt?.toISOString() ?? null, idempotency_key: job.idempotencyKey ?? null,
    max_attempts: job.maxAttempts ?? 5, scope: job.scope ?? null, tenant: job.tenant ?? null,
  }));
  const rows = await sql`
    insert into jobs (kind, payload, run_at, idempotency_key, max_attempts, scope, tenant)
    select r.kind, r.payload, coalesce(r.run_at, now()), r.idempotency_key, r.max_attempts, r.scope, r.tenant
    from jsonb_to_recordset(${jsonb(sql, wire)}) as r(kind text, payload jsonb, run_at timestamptz, idempotency_key text, max_attempts int, scope text, tenant uuid)
    on conflict (kind, idempotency_key) do nothing
    returning 1`;
  return rows.length;
}

/** `instanceId`: INSTANCE_ID, recorded with the lease so that this instance's next run ends it at once. */
export type ClaimInput = {
  kinds: string[];
  leaseMs: number[];
  scopes: string[];
  token: string;
  limit: number;
  /** Jobs of one account running at once, on every worker together (docs/decisions.md#fair-jobs). */
  tenantCap: number;
  instanceId?: string | undefined;
};

/**
 * Claims due jobs of the kinds this worker handles, in scopes it holds: queued ones whose run_at has come, and
 * running ones whose lease ran out (their worker died). Each kind has its own lease (leaseMs[i] for kinds[i]).
 * Fair across accounts (docs/decisions.md#fair-jobs): an account already running `tenantCap` jobs in this worker
 * (its kinds, its instance) gets none, and the others take turns — each account's due jobs are ranked by run_at, and
 * a claim takes every account's first
 * before anyone's second, the accounts with fewer jobs running first. A job without an account is one of its own.
 */
export function claimJobs(sql: Queryable, input: ClaimInput) {
  return sql<ClaimedJob[]>`
    with busy as (
      select tenant, count(*)::int as running from jobs
      where status = 'running' and tenant is not null and lease_expires_at > now()
        and kind = any(${input.kinds}::text[]) and lease_instance_id is not distinct from ${input.instanceId ?? null}::text
      group by tenant),
    ranked as (
      select id, run_at, coalesce(busy.running, 0) + row_number() over (partition by coalesce(jobs.tenant, jobs.id) order by run_at) as turn
      from jobs left join busy on busy.tenant = jobs.tenant
      where kind = any(${input.kinds}::text[]) and (scope is null or scope = any(${input.scopes}::text[]))
        and attempts < max_attempts
        and ((status = 'queued' and run_at <= now()) or (status = 'running' and lease_expires_at <= now()))),
    picked as (select id from ranked where turn <= ${input.tenantCap} order by turn, run_at limit ${input.limit}),
    -- The locking select states the due conditions again: a row another worker claimed and committed meanwhile is
    -- re-checked against its new version (READ COMMITTED), so it is skipped instead of claimed twice.
    due as materialized (
      select id from jobs
      where id in (select id from picked) and attempts < max_attempts
        and ((status = 'queued' and run_at <= now()) or (status = 'running' and lease_expires_at <= now()))
      for update skip locked)
    update jobs set status = 'running', attempts = jobs.attempts + 1, lease_token = ${input.token},
      lease_expires_at = now() + lease.ms * interval '1 millisecond', lease_instance_id = ${input.instanceId ?? null}
    from due, unnest(${input.kinds}::text[], ${input.leaseMs}::int[]) as lease(kind, ms)
    where jobs.id = due.id and lease.kind = jobs.kind
    returning jobs.id, jobs.kind, jobs.payload, jobs.attempts, jobs.max_attempts as "maxAttempts", jobs.lease_token as "leaseToken"`;
}

/** Completes a claimed job; false when the claim was lost (lease ran out and another worker took the job). */
export async function completeJob(sql: Queryable, job: Pick<ClaimedJob, 'id' | 'leaseToken'>): Promise<boolean> {
  const rows = await sql`
    update jobs set status = 'done', finished_at = now(), lease_token = null, lease_expires_at = null
    where id = ${job.id} and lease_token = ${job.leaseToken} and status = 'running'
    returning id`;
  return rows.length === 1;
}

/** A failed attempt: retried after retryInMs, or dead (kept with its last error) once its attempts are spent. */
export async function failJob(sql: Queryable, job: Pick<ClaimedJob, 'id' | 'leaseToken'>, error: string, retryInMs: number, final: boolean) {
  await sql`
    update jobs set
      status = case when ${final} or attempts >= max_attempts then 'dead' else 'queued' end,
      finished_at = case when ${final} or attempts >= max_attempts then now() end,
      run_at = now() + ${Math.round(retryInMs)}::int * interval '1 millisecond',
      last_error = ${error.slice(0, 2000)}, lease_token = null, lease_expires_at = null
    where id = ${job.id} and lease_token = ${job.leaseToken} and status = 'running'`;
}

/** Gives a claimed job back without counting the attempt: the worker stops, or cannot run it here right now. */
export async function releaseJob(sql: Queryable, job: Pick<ClaimedJob, 'id' | 'leaseToken'>, delayMs = 0) {
  await sql`
    update jobs set status = 'queued', attempts = attempts - 1, lease_token = null, lease_expires_at = null,
      run_at = now() + ${Math.round(delayMs)}::int * interval '1 millisecond'
    where id = ${job.id} and lease_token = ${job.leaseToken} and status = 'running'`;
}

/**
 * A live worker's heartbeat: each of its running jobs' lease is pushed to now + its `ms` (fenced by the token, so a
 * job another worker already took is left alone). Answers how many leases were renewed.
 */
export async function renewLeases(sql: Queryable, leases: { id: string; leaseToken: string; ms: number }[]): Promise<number> {
  if (leases.length === 0) return 0;
  const result = await sql`
    update jobs set lease_expires_at = now() + lease.ms * interval '1 millisecond'
    from unnest(${leases.map((l) => l.id)}::uuid[], ${leases.map((l) => l.leaseToken)}::uuid[], ${leases.map((l) => Math.round(l.ms))}::int[])
      as lease(id, token, ms)
    where jobs.id = lease.id and jobs.lease_token = lease.token and jobs.status = 'running'`;
  return result.count;
}

/** Boot (previous-run-jobs.ts): the leases of running jobs claimed under `instanceId` end now (null: every one). */
export async function endPreviousRunLeases(sql: Queryable, instanceId: string | null): Promise<number> {
  const result = await sql`
    update jobs set lease_expires_at = now()
    where status = 'running' and lease_expires_at > now() and (${instanceId}::text is null or lease_instance_id = ${instanceId})`;
  return result.count;
}

/**
 * Housekeeping: a job whose worker died on its last attempt is dead ("lease expired"); finished jobs are kept
 * for a while (idempotency keys, inspection), then deleted.
 */
export async function sweepJobs(sql: Queryable, keepDoneMs: number, keepDeadMs: number) {
  await sql`
    update jobs set status = 'dead', finished_at = now(), lease_token = null,
      last_error = coalesce(last_error || '; ', '') || 'lease expired on the last attempt'
    where status = 'running' and lease_expires_at <= now() and attempts >= max_attempts`;
  await sql`
    delete from jobs
    where (status = 'done' and finished_at < now() - ${keepDoneMs}::bigint * interval '1 millisecond')
       or (status = 'dead' and finished_at < now() - ${keepDeadMs}::bigint * interval '1 millisecond')`;
}

export type JobRow = {
  id: string; kind: string; payload: unknown; scope: string | null; status: JobStatus; runAt: Date; attempts: number;
  maxAttempts: number; lastError: string | null; idempotencyKey: string | null;
};

export async function findJob(sql: Queryable, id: string): Promise<JobRow | undefined> {
  const [row] = await sql<JobRow[]>`
    select id, kind, payload, scope, status, run_at as "runAt", attempts, max_attempts as "maxAttempts",
      last_error as "lastError", idempotency_key as "idempotencyKey"
    from jobs where id = ${id}`;
  return row;
}
