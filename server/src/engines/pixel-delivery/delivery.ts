/**
 * The pixel.deliver handler (docs/decisions.md#pixel-outbox): drains one pixel's outbox in batches of ≤ 1000.
 *   bump the generation (waits for joins still recording events) → fail events Meta would refuse for age →
 *   claim a batch (SKIP LOCKED, lease) → POST it → record the outcome with the statement that ends the claim.
 * 2xx: sent, the pixel 'ok'. 4xx: failed with Meta's message, never retried, the pixel 'error'. 5xx, 429, network:
 * back to pending with an exponential backoff, and a job due when the backoff ends; after `maxAttempts` attempts
 * the event fails with the last error. A worker killed mid-send leaves its batch 'sending'; once the lease runs out
 * the next job sends it again with the same event ids, which Meta deduplicates: that batch is the only one that can
 * reach Meta twice.
 */
import { PIXEL_LIMITS } from '@shared/pixels/schemas.ts';
import type { Queryable } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { DEFAULT_BACKOFF, retryDelayMs, type Backoff } from '../../jobs/backoff.ts';
import type { JobHandler } from '../../jobs/run-job.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import type { Logger } from '../../lib/logger.ts';
import { enqueueDelivery, pixelDeliverJob } from './deliver-job.ts';
import { GRAPH_TIMEOUT_MS, postEvents } from '../../modules/pixels/graph-client.ts';
import * as outbox from './outbox-repository.ts';

/** docs/telegram.md#meta-capi: Meta refuses an event_time older than 7 days. */
const MAX_EVENT_AGE_MS = 7 * 24 * 60 * 60_000;
const STALE_REASON = 'Evento com mais de 7 dias: o Meta não aceita mais (não enviado).';
/**
 * An event Meta does not answer for this many attempts fails (shown on /pixels with the last error) instead of
 * waiting on: with the default backoff (1 s doubling to 10 min, jittered) that is 2½ to 5 hours of trying.
 */
export const DEFAULT_MAX_ATTEMPTS = 40;
function retryOutcome(reason: string, delayMs: number, attempts = DEFAULT_MAX_ATTEMPTS): outbox.BatchOutcome {
  const maxAttempts = Math.max(1, attempts);
  return { kind: 'retry', reason, delayMs, maxAttempts, givenUp: `Não entregue após ${maxAttempts} tentativas. Último erro: ${reason}` };
}

export type PixelDeliveryOptions = {
  sql: Queryable;
  logger: Logger;
  encryptionKey: Uint8Array;
  graphUrl: string;
  graphVersion: string;
  /** How long a claimed batch is this worker's; past it another worker sends it again. Longer than a send. */
  leaseMs?: number;
  /** Events per request (Meta's maximum by default). */
  batchSize?: number;
  backoff?: Backoff;
  /** Attempts of one event before it fails with the last error (DEFAULT_MAX_ATTEMPTS). */
  maxAttempts?: number;
  /** A long backlog is drained in turns: after this long the job hands the rest to a fresh job. */
  turnMs?: number;
};

export function pixelDeliveryHandler(options: PixelDeliveryOptions): JobHandler<typeof pixelDeliverJob.payload> {
  const { sql, logger } = options;
  const leaseMs = options.leaseMs ?? 2 * GRAPH_TIMEOUT_MS;
  // A send gives up well within its lease, so a batch is never sent by two live workers at once.
  const timeoutMs = Math.max(250, Math.min(GRAPH_TIMEOUT_MS, leaseMs / 2));
  const batchSize = Math.min(PIXEL_LIMITS.eventsPerRequest, options.batchSize ?? PIXEL_LIMITS.eventsPerRequest);
  const turnMs = options.turnMs ?? leaseMs;

  async function sendOneBatch(pixelId: string, signal: AbortSignal): Promise<'done' | 'more' | 'retry' | 'gone'> {
    const stale = await inTransaction(sql, (tx) => outbox.failStale(tx, pixelId, MAX_EVENT_AGE_MS, STALE_REASON));
    if (stale > 0) logger.warn('eventos do pixel antigos demais descartados', { pixelId, events: stale });
    const token = crypto.randomUUID();
    const batch = await outbox.claimEvents(sql, { pixelId, token, leaseMs, limit: batchSize });
    if (batch.length === 0) return 'done';
    const target = await outbox.findTarget(sql, pixelId);
    if (!target) return 'gone';
    const result = await postEvents(
      { graphUrl: options.graphUrl, version: options.graphVersion, pixelId: target.pixelId, accessToken: decryptSecret(target.tokenEncrypted, options.encryptionKey) },
      batch.map((event) => event.payload),
      { signal, timeoutMs },
    );
    if (result.kind === 'accepted') {
      await inTransaction(sql, (tx) => outbox.recordOutcome(tx, pixelId, token, { kind: 'sent' }));
      logger.debug('eventos do pixel enviados', { pixelId, events: batch.length, fbtraceId: result.fbtraceId });
      return batch.length < batchSize ? 'done' : 'more';
    }
    if (result.kind === 'refused') {
      await inTransaction(sql, (tx) => outbox.recordOutcome(tx, pixelId, token, { kind: 'refused', reason: result.message }));
      logger.warn('o Meta recusou eventos do pixel', { pixelId, events: batch.length, status: result.status, error: result.message });
      return 'more';
    }
    const attempts = Math.max(...batch.map((event) => event.attempts));
    const delayMs = retryDelayMs(options.backoff ?? DEFAULT_BACKOFF, attempts);
    await inTransaction(sql, (tx) => outbox.recordOutcome(tx, pixelId, token, retryOutcome(result.reason, delayMs, options.maxAttempts)));
    logger.warn('Meta indisponível; eventos do pixel voltam à fila', { pixelId, events: batch.length, attempt: attempts, retryInMs: Math.round(delayMs), reason: result.reason });
    return 'retry';
  }

  return {
    // A turn plus one last send: a live worker keeps its job; a dead one's job is claimed again soon after.
    leaseMs: turnMs + leaseMs + 5_000,
    async run({ pixelId }, context) {
      if (!(await outbox.bumpGeneration(sql, pixelId))) return;
      const turnEnds = Date.now() + turnMs;
      for (;;) {
        const step = await sendOneBatch(pixelId, context.signal);
        if (step === 'gone') return;
        if (step === 'done' || step === 'retry') break;
        if (Date.now() > turnEnds || context.signal.aborted) {
          const generation = await outbox.currentGeneration(sql, pixelId);
          if (generation !== undefined) await enqueueDelivery(sql, pixelId, generation);
          return;
        }
      }
      // Events waiting out a backoff, or claimed by a worker that may have died, get a job due when the backoff or
      // lease ends (the database's clock, like the claim's), a millisecond late: the timestamp comes back in ms and
      // must not fall before the µs it was read from.
      const due = await outbox.nextDue(sql, pixelId);
      if (due) await enqueueDelivery(sql, pixelId, '', new Date(due.getTime() + 1));
    },
  };
}
