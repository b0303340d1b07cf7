/**
 * Putting work on the job queue (docs/decisions.md#background-jobs). `enqueue` takes the pool or the caller's
 * open transaction alike: inside a transaction the job exists only if the transaction commits, so "save the
 * broadcast and schedule its sending" is one atomic step, and a rolled-back request leaves no job behind.
 */
import type { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import { insertJob, insertJobs } from './repository.ts';

export type EnqueueOptions = {
  /** Not before this moment (database clock decides when it is due); default now. */
  runAt?: Date | undefined;
  /** Unique per kind: a second enqueue with the same key (even after the first ran) adds nothing. */
  idempotencyKey?: string | undefined;
  /** Attempts before the job is dead-lettered (status 'dead', last error kept); default 5. */
  maxAttempts?: number | undefined;
  /** Only a worker holding this scope claims the job (e.g. `bot:<id>`: the process that runs the bot). */
  scope?: string | undefined;
  /** The account the job works for (fair claiming, docs/decisions.md#fair-jobs); a bot's jobs get its owner's. */
  tenant?: string | undefined;
};

export type JobInput = EnqueueOptions & { kind: string; payload: unknown };

/** The job's id, or null when its idempotency key was already used for this kind. */
export async function enqueue(sql: Queryable, job: JobInput): Promise<string | null> {
  return insertJob(sql, job);
}

/** A kind of job: its name and the payload it carries, shared by whoever enqueues it and its handler. */
export type JobKind<S extends z.ZodType = z.ZodType> = {
  kind: string;
  payload: S;
  enqueue(sql: Queryable, payload: z.input<S>, options?: EnqueueOptions): Promise<string | null>;
  /** Several at once, one statement; answers how many were added (a used idempotency key adds nothing). */
  enqueueMany(sql: Queryable, jobs: Array<{ payload: z.input<S>; options?: EnqueueOptions }>): Promise<number>;
};

export function jobKind<S extends z.ZodType>(kind: string, payload: S): JobKind<S> {
  return {
    kind,
    payload,
    enqueue: async (sql, data, options = {}) => enqueue(sql, { ...options, kind, payload: payload.parse(data) }),
    enqueueMany: async (sql, jobs) => insertJobs(sql, jobs.map((job) => ({ ...job.options, kind, payload: payload.parse(job.payload) }))),
  };
}
