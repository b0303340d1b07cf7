/**
 * The job worker (docs/decisions.md#background-jobs): one per process, polling rather than listening (LISTEN/
 * NOTIFY does not reach through the embedded database's socket). Up to `concurrency` jobs run at once; a
 * finished job makes room and claims the next at once, so a backlog drains at the database's pace while an idle
 * queue costs one small query per poll. Several workers, in one process or many, share one table safely: the
 * claim skips locked rows and leases fence everything after it.
 * Stopping claims nothing more, lets running jobs finish for a while, then releases the rest for another worker.
 *
 * Leases: a claim holds a job for the live lease (or its kind's `leaseMs`, when shorter), and the worker renews
 * the leases of the jobs it runs every quarter of that, for as long as the kind's `leaseMs` allows a run to last. So
 * a dead process's jobs are taken over within the live lease, never after a long kind's whole lease (a durable
 * delay's walk may take minutes), while a live worker's long run is not taken from it; a run stuck past its kind's
 * `leaseMs` stops being renewed and is claimed again, as before.
 */
import { failureStreak } from '../lib/failure-streak.ts';
import type { Sql } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import { DEFAULT_BACKOFF, type Backoff } from './backoff.ts';
import type { JobKind } from './queue.ts';
import { claimJobs, releaseJob, renewLeases, sweepJobs, type ClaimedJob } from './repository.ts';
import { runJob, type JobHandler, type RegisteredKind } from './run-job.ts';

const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_LIVE_LEASE_MS = 60_000;
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
  /** How long a claim holds a job without a renewal: how soon a dead worker's jobs are taken over. */
  liveLeaseMs?: number;
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
  let renewals: ReturnType<typeof setInterval> | undefined;
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
      renewals ??= setInterval(() => void running.renew(), liveLeaseOf(options) / 4);
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
      // Running jobs keep their leases while they are given time to finish.
      try {
        if (!(await expiresFirst(running.settled(), timeoutMs))) return;
        abort.abort();
        const left = running.jobs();
        logger.warn('tarefas devolvidas à fila no encerramento', { jobs: left.map((job) => job.id) });
        await Promise.allSettled(left.map((job) => releaseJob(sql, job)));
      } finally {
        clearInterval(renewals);
      }
    },
  };
}

type RunningJobs = ReturnType<typeof runningJobs>;

const liveLeaseOf = (options: JobWorkerOptions) => options.liveLeaseMs ?? DEFAULT_LIVE_LEASE_MS;
/** How long a run of this kind may last: its leases are renewed until then. */
const maxRunOf = (registered: RegisteredKind) => registered.handler.leaseMs ?? DEFAULT_LEASE_MS;
/** The lease a claim or a renewal gives a job of this kind. */
const leaseOf = (options: JobWorkerOptions, registered: RegisteredKind) => Math.min(maxRunOf(registered), liveLeaseOf(options));

/**
 * The jobs running here, each by its kind's handler; a finished one frees its slot and calls `freed`. `renew`
 * pushes the leases of those still within their kind's run time (a failure is logged; the next renewal retries).
 * A run is known by its job and its claim's token: a run stuck here past its kind's run time may be claimed again by
 * this same worker, and the second run neither replaces the first nor is forgotten when the first ends.
 */
function runningJobs(options: JobWorkerOptions, handlers: Map<string, RegisteredKind>, signal: AbortSignal, freed: () => void) {
  const { sql, logger } = options;
  const running = new Map<string, { job: ClaimedJob; done: Promise<void>; until: number; leaseMs: number }>();
  const renewFailures = failureStreak(logger, 'falha ao renovar as tarefas em andamento');
  return {
    get size() {
      return running.size;
    },
    launch(job: ClaimedJob) {
      const registered = handlers.get(job.kind);
      if (!registered) return;
      const runKey = `${job.id}:${job.leaseToken}`;
      const done = runJob({ sql, logger, backoff: options.backoff ?? DEFAULT_BACKOFF, signal }, registered, job)
        .catch((error: unknown) => logger.error('falha ao registrar o fim de uma tarefa', { jobId: job.id, error }))
        .finally(() => {
          running.delete(runKey);
          freed();
        });
      running.set(runKey, { job, done, until: Date.now() + maxRunOf(registered), leaseMs: leaseOf(options, registered) });
    },
    async renew() {
      const now = Date.now();
      const leases = [...running.values()].filter((entry) => entry.until > now)
        .map((entry) => ({ id: entry.job.id, leaseToken: entry.job.leaseToken, ms: entry.leaseMs }));
      await renewLeases(sql, leases).then(() => renewFailures.succeeded(), (error: unknown) => renewFailures.failed(error));
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
          kinds: kinds.map((entry) => entry.kind.kind), leaseMs: kinds.map((entry) => leaseOf(options, entry)),
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
