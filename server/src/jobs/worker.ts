/**
 * The job worker (docs/decisions.md#background-jobs): one per process, polling rather than listening (LISTEN/
 * NOTIFY does not reach through the embedded database's socket). Up to `concurrency` jobs run at once; a
 * finished job makes room and claims the next at once, so a backlog drains at the database's pace while an idle
 * queue costs one small query per poll. Several workers, in one process or many, share one table safely: the
 * claim skips locked rows and leases fence everything after it.
 * Stopping claims nothing more, lets running jobs finish for a while, then releases the rest for another worker.
 */
import { failureStreak } from '../lib/failure-streak.ts';
import type { Sql } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import { DEFAULT_BACKOFF, type Backoff } from './backoff.ts';
import type { JobKind } from './queue.ts';
import { claimJobs, releaseJob, sweepJobs, type ClaimedJob } from './repository.ts';
import { runJob, type JobHandler, type RegisteredKind } from './run-job.ts';

const DEFAULT_LEASE_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;

export type JobWorkerOptions = {
  sql: Sql;
  logger: Logger;
  concurrency?: number;
  pollMs?: number;
  backoff?: Backoff;
  /** How often dead leases are swept and old finished jobs deleted. */
  sweepEveryMs?: number;
  keepDoneMs?: number;
  keepDeadMs?: number;
  /** INSTANCE_ID, recorded on every claim: this instance's next run takes its jobs over at once (docs/decisions.md#background-jobs). */
  instanceId?: string;
};

export type JobWorker = ReturnType<typeof createJobWorker>;

export function createJobWorker(options: JobWorkerOptions) {
  const { sql, logger } = options;
  const concurrency = options.concurrency ?? 4;
  const handlers = new Map<string, RegisteredKind>();
  const scopes = new Set<string>();
  const abort = new AbortController();
  const running = runningJobs(options, handlers, abort.signal, () => void claims.fill());
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopping = false;
  const claims = claimer(options, { handlers, scopes, running, concurrency, stopping: () => stopping });
  const sweep = finishedSweeper(options);

  async function tick() {
    await sweep();
    await claims.fill();
  }

  return {
    register<K extends JobKind>(kind: K, handler: JobHandler<K['payload']>) {
      handlers.set(kind.kind, { kind, handler });
    },
    /** Jobs in this scope may now run here (a bot started in this process). */
    hold: (scope: string) => void scopes.add(scope),
    drop: (scope: string) => void scopes.delete(scope),
    start() {
      if (stopping) return;
      timer ??= setInterval(() => void tick(), options.pollMs ?? 250);
      void tick();
    },
    /** Claims now instead of at the next poll (tests, and work enqueued by this process that is due at once). */
    poke: () => claims.fill(),
    get running() {
      return running.size;
    },
    /** Claims nothing more; waits up to timeoutMs for running jobs, then gives the rest back to the queue. */
    async stop({ timeoutMs = 8_000 }: { timeoutMs?: number } = {}) {
      stopping = true;
      clearInterval(timer);
      await claims.current();
      if (!(await expiresFirst(running.settled(), timeoutMs))) return;
      abort.abort();
      const left = running.jobs();
      logger.warn('tarefas devolvidas à fila no encerramento', { jobs: left.map((job) => job.id) });
      await Promise.allSettled(left.map((job) => releaseJob(sql, job)));
    },
  };
}

type RunningJobs = ReturnType<typeof runningJobs>;

/** The jobs running here, each by its kind's handler; a finished one frees its slot and calls `freed`. */
function runningJobs(options: JobWorkerOptions, handlers: Map<string, RegisteredKind>, signal: AbortSignal, freed: () => void) {
  const { sql, logger } = options;
  const running = new Map<string, { job: ClaimedJob; done: Promise<void> }>();
  return {
    get size() {
      return running.size;
    },
    launch(job: ClaimedJob) {
      const registered = handlers.get(job.kind);
      if (!registered) return;
      const done = runJob({ sql, logger, backoff: options.backoff ?? DEFAULT_BACKOFF, signal }, registered, job)
        .catch((error: unknown) => logger.error('falha ao registrar o fim de uma tarefa', { jobId: job.id, error }))
        .finally(() => {
          running.delete(job.id);
          freed();
        });
      running.set(job.id, { job, done });
    },
    settled: () => Promise.allSettled([...running.values()].map((entry) => entry.done)),
    jobs: () => [...running.values()].map((entry) => entry.job),
  };
}

type ClaimerParts = {
  handlers: Map<string, RegisteredKind>;
  scopes: Set<string>;
  running: RunningJobs;
  concurrency: number;
  stopping(): boolean;
};

/**
 * Claims until the slots are full or nothing is due, up to `limit` due jobs at a time of the registered kinds (and
 * of the scopes held here), each under its kind's lease; a call while claiming asks for one more round.
 */
function claimer(options: JobWorkerOptions, parts: ClaimerParts) {
  const { handlers, running, concurrency } = parts;
  const claimFailures = failureStreak(options.logger, 'falha ao buscar tarefas');
  let filling: Promise<void> | undefined;
  let again = false;

  async function claimWhileRoom() {
    do {
      again = false;
      while (!parts.stopping() && running.size < concurrency && handlers.size > 0) {
        const limit = concurrency - running.size;
        const kinds = [...handlers.values()];
        const claimed = await claimJobs(options.sql, {
          kinds: kinds.map((entry) => entry.kind.kind), leaseMs: kinds.map((entry) => entry.handler.leaseMs ?? DEFAULT_LEASE_MS),
          scopes: [...parts.scopes], token: crypto.randomUUID(), limit, instanceId: options.instanceId,
          // One slot always left for the other accounts (docs/decisions.md#fair-jobs).
          tenantCap: Math.max(1, concurrency - 1),
        });
        for (const job of claimed) running.launch(job);
        if (claimed.length < limit) break;
      }
    } while (again && !parts.stopping());
  }

  return {
    fill(): Promise<void> {
      if (parts.stopping()) return Promise.resolve();
      if (filling) {
        again = true;
        return filling;
      }
      filling = claimWhileRoom()
        .then(() => claimFailures.succeeded(), (error: unknown) => claimFailures.failed(error))
        .finally(() => (filling = undefined));
      return filling;
    },
    /** The round under way, if any. */
    current: () => filling,
  };
}

/** Dead leases swept and old finished jobs deleted every `sweepEveryMs`; a failure is logged, the next sweep retries. */
function finishedSweeper(options: JobWorkerOptions) {
  let lastSweep = 0;
  return async () => {
    if (Date.now() - lastSweep < (options.sweepEveryMs ?? 60_000)) return;
    lastSweep = Date.now();
    await sweepJobs(options.sql, options.keepDoneMs ?? 7 * DAY_MS, options.keepDeadMs ?? 30 * DAY_MS)
      .catch((error: unknown) => options.logger.error('falha ao limpar tarefas', { error }));
  };
}

/** Whether `timeoutMs` passes before `work` settles. */
async function expiresFirst(work: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let waiting: ReturnType<typeof setTimeout> | undefined;
  const expired = await Promise.race([work.then(() => false), new Promise<boolean>((resolve) => (waiting = setTimeout(() => resolve(true), timeoutMs)))]);
  clearTimeout(waiting);
  return expired;
}
