/**
 * One claimed job, start to end: parse its payload, run its handler, then complete, retry, dead-letter or release
 * it (docs/decisions.md#background-jobs). Exactly-once comes from `completeWith`: the handler's own writes and
 * the job's completion commit in one transaction, fenced by the lease token, so a job claimed again after a crash
 * finds either both done or neither. Effects outside the database (a Telegram message, an HTTP call) happen
 * before that commit: a crash in between repeats them once the lease runs out (at-least-once).
 */
import { ZodError, type z } from 'zod';
import type { Queryable, Sql } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import { retryDelayMs, type Backoff } from './backoff.ts';
import type { JobKind } from './queue.ts';
import { completeJob, failJob, releaseJob, type ClaimedJob } from './repository.ts';
import { inTransaction } from '../db/transaction.ts';

export type JobContext = {
  job: ClaimedJob;
  /** Aborted when a stopping worker's grace period ends: the job is being released, a long handler may give up. */
  signal: AbortSignal;
  /**
   * Runs `work` in a transaction that also completes the job: the handler's database effect happens exactly
   * once. Throws LeaseLostError (and rolls `work` back) when the job was claimed again meanwhile.
   */
  completeWith<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
};

/** 'release': the job cannot run here now (its bot stopped meanwhile); it goes back, not counted as an attempt. */
export type JobOutcome = void | 'release';

export type JobHandler<S extends z.ZodType = z.ZodType> = {
  run(payload: z.output<S>, context: JobContext): Promise<JobOutcome>;
  /**
   * The longest a run may take (longer than the handler ever takes): the worker renews the job's lease until then
   * (jobs/worker.ts), so only a dead worker's job, or a run stuck past this, is claimed again.
   */
  leaseMs?: number;
};

export type RegisteredKind = { kind: JobKind; handler: JobHandler };

/** Thrown by a handler whose remote side said when to come back (a 429's Retry-After): no sooner than that. */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly afterMs: number,
  ) {
    super(message);
  }
}

/** A Retry-After longer than this is not waited for in full (a typo or a hostile server must not park a job for days). */
const MAX_RETRY_AFTER_MS = 60 * 60_000;

export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`job ${jobId}: lease lost, another worker owns it`);
  }
}

export type RunJobDeps = { sql: Sql; logger: Logger; backoff: Backoff; signal: AbortSignal };

export async function runJob(deps: RunJobDeps, registered: RegisteredKind, job: ClaimedJob): Promise<void> {
  const { sql, logger } = deps;
  let completed = false;
  const context: JobContext = {
    job,
    signal: deps.signal,
    async completeWith(work) {
      const result = await inTransaction(sql, async (tx) => {
        // The completion first: its row lock keeps any other claimer away until this transaction ends.
        if (!(await completeJob(tx, job))) throw new LeaseLostError(job.id);
        return work(tx);
      });
      completed = true;
      return result as Awaited<ReturnType<typeof work>>;
    },
  };
  try {
    const payload: unknown = registered.kind.payload.parse(job.payload);
    const outcome = await registered.handler.run(payload, context);
    if (outcome === 'release') await releaseJob(sql, job);
    else if (!completed && !(await completeJob(sql, job))) logger.warn('tarefa concluída após perder a vez', { jobId: job.id, kind: job.kind });
  } catch (error) {
    if (error instanceof LeaseLostError) {
      logger.warn('tarefa retomada por outro processo', { jobId: job.id, kind: job.kind });
      return;
    }
    // A payload that does not parse will never parse: dead at once, no retries.
    const final = error instanceof ZodError;
    const message = error instanceof Error ? error.message : String(error);
    const dead = final || job.attempts >= job.maxAttempts;
    logger[dead ? 'error' : 'warn'](dead ? 'tarefa falhou definitivamente' : 'tarefa falhou; nova tentativa', { jobId: job.id, kind: job.kind, attempt: job.attempts, error });
    const asked = error instanceof RetryLaterError ? Math.min(MAX_RETRY_AFTER_MS, error.afterMs) : 0;
    await failJob(sql, job, message, Math.max(asked, retryDelayMs(deps.backoff, job.attempts)), final);
  }
}
