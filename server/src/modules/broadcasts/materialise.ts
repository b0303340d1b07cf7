/**
 * Writing a sent broadcast's audience in the background (docs/decisions.md#broadcast-delivery). POST /send only
 * counts the audience and enqueues `broadcast.materialise` in its transaction; this job writes the recipients in
 * batches of `batchSize` (each one statement, committed at once, so the engine starts sending the first while the
 * rest is written). A run works for `sliceMs` at most and then hands over to a fresh job in the transaction that
 * completes it, so a job's lease stays short. It resumes from the last chat already written (recipients go in
 * telegram_id order), so a run after a crash neither loses nor repeats anyone; two runs at once only race to
 * insert the same rows, which the primary key keeps single.
 */
import { z } from 'zod';
import { BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import type { Queryable } from '../../db/client.ts';
import { jobKind } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/run-job.ts';
import * as audience from './audience-repository.ts';

export const broadcastMaterialiseJob = jobKind(
  'broadcast.materialise',
  z.object({ broadcastId: z.string(), audienceAt: z.iso.datetime({ offset: true }) }),
);

export const MATERIALISE_MAX_ATTEMPTS = 20;

export type MaterialiseOptions = { sql: Queryable; batchSize?: number; sliceMs?: number; leaseMs?: number };

/** Counts the audience (the progress total), marks the broadcast as being written and enqueues the job, in `tx`. */
export async function enqueueMaterialise(tx: Queryable, broadcastId: string): Promise<number> {
  const { total, audienceAt } = await audience.beginMaterialise(tx, broadcastId);
  if (total > 0) {
    await broadcastMaterialiseJob.enqueue(tx, { broadcastId, audienceAt: audienceAt.toISOString() }, { maxAttempts: MATERIALISE_MAX_ATTEMPTS });
  }
  return total;
}

export function materialiseHandler(options: MaterialiseOptions): JobHandler<typeof broadcastMaterialiseJob.payload> {
  const batchSize = options.batchSize ?? 10_000;
  const leaseMs = options.leaseMs ?? 30_000;
  const sliceMs = options.sliceMs ?? Math.min(5_000, Math.floor(leaseMs / 3));
  return {
    leaseMs,
    async run(payload, context) {
      const { broadcastId } = payload;
      const audienceAt = new Date(payload.audienceAt);
      const began = Date.now();
      let after = await audience.materialisedUpTo(options.sql, broadcastId);
      for (;;) {
        if (context.signal.aborted) return 'release';
        const batch = await audience.materialiseBatch(options.sql, broadcastId, {
          after, audienceAt, limit: batchSize, blockedReason: BROADCAST_TEXTS.reasonPreviouslyBlocked,
        });
        if (batch.read < batchSize || batch.last === null) {
          await context.completeWith((tx) => audience.endMaterialise(tx, broadcastId));
          return;
        }
        after = batch.last;
        if (Date.now() - began >= sliceMs) {
          // The rest in a fresh job, enqueued by the transaction that completes this one: exactly one follows.
          await context.completeWith((tx) => broadcastMaterialiseJob.enqueue(tx, payload, { maxAttempts: MATERIALISE_MAX_ATTEMPTS }));
          return;
        }
      }
    },
  };
}
