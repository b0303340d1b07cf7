/**
 * The webhook.deliver handler (docs/decisions.md#outgoing-webhooks): drains one subscription, in order, one delivery
 * in flight. 2xx: delivered. 429, 5xx, no answer: retried after an exponential backoff with jitter (a 429's or 503's
 * Retry-After is honoured) until 24 h after the first attempt, then failed; while the head waits its backoff, the
 * deliveries behind it wait too (order). Any other answer (4xx, a redirect) or an address the guard refuses: failed
 * at once. A delivery failing for good after its 24 h, or FAILURES_TO_PAUSE failing in a row, pauses the
 * subscription (visible on the screen, a line in the activity log); events keep queueing until it resumes.
 */
import type { Queryable } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { retryDelayMs, type Backoff } from '../../jobs/backoff.ts';
import type { JobContext, JobHandler } from '../../jobs/run-job.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import type { Logger } from '../../lib/logger.ts';
import { recordAudit } from '../audit/recorder.ts';
import { enqueueRoundAt, webhookDeliverJob } from './deliver-job.ts';
import { deliveredWriter } from './delivered-writer.ts';
import * as repo from './delivery-repository.ts';
import { DELIVERY_TIMEOUT_MS, postDelivery, type PostResult } from './post.ts';

export const DEFAULT_WEBHOOK_BACKOFF: Backoff = { baseMs: 5_000, maxMs: 60 * 60_000 };
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;
export const FAILURES_TO_PAUSE = 20;
/** The delivery log keeps 30 days (Stripe keeps 30 too): enough to look back on a problem, not a second copy of the data. */
export const LOG_KEEP_MS = 30 * 24 * 60 * 60_000;
const MAX_RETRY_AFTER_MS = 60 * 60_000;
/** Deliveries claimed together: one statement per run instead of one per delivery (what bounds a fast receiver's pace). */
const RUN_SIZE = 50;

export type WebhookDeliveryOptions = {
  sql: Queryable;
  logger: Logger;
  encryptionKey: Uint8Array;
  /** FLOW_HTTP_ALLOW_PRIVATE: destinations on loopback and private networks are allowed (tests, a closed network). */
  allowPrivate: boolean;
  backoff?: Backoff;
  retryWindowMs?: number;
  /** A long backlog is drained in turns: after this long the job hands the rest to a fresh job. */
  turnMs?: number;
};

type Step = 'next' | 'stop';

export function webhookDeliveryHandler(options: WebhookDeliveryOptions): JobHandler<typeof webhookDeliverJob.payload> {
  const { sql, logger } = options;
  const turnMs = options.turnMs ?? 30_000;
  const retryWindowMs = options.retryWindowMs ?? RETRY_WINDOW_MS;

  /**
   * One run: up to RUN_SIZE deliveries claimed together and POSTed one after the other, their 2xx outcomes written
   * behind (delivered-writer.ts). The first failure ends the run (what follows it waits: order); so do the end of the
   * turn and a stop, and what the run did not send goes back to waiting.
   */
  async function deliverRun(webhookId: string, round: repo.Round, secret: string, until: { turnEnds: number; signal: AbortSignal }): Promise<Step | 'idle' | Date> {
    const run = await repo.claimRun(sql, webhookId, retryWindowMs, RUN_SIZE);
    if (run === undefined) return 'idle';
    // The head waits out its backoff: a round then (booked by the caller once it lets the subscription go).
    if ('waitUntil' in run) return new Date(run.waitUntil.getTime() + 1);
    const delivered = deliveredWriter(sql, webhookId);
    let sent = 0;
    let step: Step = 'next';
    try {
      for (const head of run) {
        if (sent > 0 && (Date.now() > until.turnEnds || until.signal.aborted)) break;
        sent += 1;
        const result = await postDelivery({ url: round.url, secret, eventId: head.eventId, type: head.type, body: head.body, allowPrivate: options.allowPrivate, signal: until.signal });
        if (result.kind === 'answered' && result.status >= 200 && result.status < 300) {
          delivered.add(head.id, attemptOf(result));
          continue;
        }
        // The answers before it first: a delivered one ends the failure streak this failure then counts from.
        await delivered.settle();
        step = await inTransaction(sql, (tx) => recordFailed(tx, webhookId, round.userId, head, result));
        break;
      }
    } finally {
      await delivered.settle();
      await repo.releaseClaimed(sql, run.slice(sent).map((left) => left.id));
    }
    return step;
  }

  async function recordFailed(tx: Queryable, webhookId: string, userId: string, head: repo.ClaimedDelivery, result: PostResult): Promise<Step> {
    const attempt = attemptOf(result);
    const retryable = result.kind === 'unreachable' || (result.kind === 'answered' && (result.status === 429 || result.status >= 500));
    const asked = result.kind === 'answered' ? Math.min(MAX_RETRY_AFTER_MS, result.retryAfterMs ?? 0) : 0;
    const delayMs = Math.max(asked, retryDelayMs(options.backoff ?? DEFAULT_WEBHOOK_BACKOFF, head.attempts));
    const outcome = await repo.recordFailure(tx, head.id, attempt, { final: !retryable, delayMs });
    logger.warn('entrega de webhook falhou', { webhookId, deliveryId: head.id, attempt: head.attempts, status: attempt.responseStatus, error: attempt.error, final: outcome.failed });
    // A retry: the next claim finds it waiting out its backoff and books the round that sends it.
    if (!outcome.failed) return 'next';
    const streak = await repo.countFailure(tx, webhookId);
    if (!outcome.exhausted && streak < FAILURES_TO_PAUSE) return 'next';
    const reason = outcome.exhausted ? 'Uma entrega falhou por 24 horas seguidas.' : `${streak} entregas seguidas falharam.`;
    if (await repo.pause(tx, webhookId, reason)) {
      await recordAudit(tx, { accountId: userId, actorId: null, action: 'webhook.pause', target: { type: 'webhook', id: webhookId }, detail: { reason }, origin: { clientAddress: null, userAgent: null } });
      logger.warn('webhook pausado após falhas', { webhookId, reason });
    }
    return 'stop';
  }

  /** Drains until nothing is due, a backoff, a pause or the end of the turn; answers whether to start over. */
  async function drain(webhookId: string, context: JobContext): Promise<boolean> {
    const round = await inTransaction(sql, (tx) => repo.beginRound(tx, webhookId, context.job));
    // Busy: the live job holding it sends this round's deliveries too (it looks again before letting go).
    if (!round?.acquired) return false;
    await repo.pruneLog(sql, webhookId, LOG_KEEP_MS);
    const turnEnds = Date.now() + turnMs;
    let step: Step | 'idle' | Date = 'stop';
    let successorAt: Date | undefined;
    try {
      const secret = round.sending ? decryptSecret(round.secretEncrypted, options.encryptionKey) : '';
      while (round.sending) {
        step = await deliverRun(webhookId, round, secret, { turnEnds, signal: context.signal });
        if (step instanceof Date) successorAt = step;
        if (step !== 'next') break;
        if (Date.now() > turnEnds || context.signal.aborted) {
          successorAt = new Date();
          break;
        }
      }
    } finally {
      await repo.endRound(sql, webhookId, context.job.id);
    }
    // The successor is booked only once the subscription is let go: booked before, it could start at once, find the
    // subscription busy and end, leaving the rest until the next event. (A crash in between: this job is not
    // completed, so it runs again after its lease and goes on.)
    if (successorAt) await enqueueRoundAt(sql, webhookId, round.userId, successorAt);
    // An event committed while this job held the subscription found it busy: its deliveries are this job's to send.
    return step === 'idle' && (await repo.hasUnfinished(sql, webhookId));
  }

  return {
    leaseMs: turnMs + DELIVERY_TIMEOUT_MS + 10_000,
    async run({ webhookId }, context) {
      while (await drain(webhookId, context));
    },
  };
}

function attemptOf(result: PostResult): repo.Attempt {
  if (result.kind === 'answered') {
    const redirect = result.status >= 300 && result.status < 400 ? 'Redirecionamento não seguido' : null;
    return { responseStatus: result.status, excerpt: result.excerpt || null, durationMs: result.durationMs, error: redirect };
  }
  return { responseStatus: null, excerpt: null, durationMs: result.durationMs, error: result.error };
}
