/**
 * The pixel.deliver job (docs/decisions.md#pixel-outbox): one per pixel and delivery generation, so a burst of
 * joins becomes one job that sends their events in batches, while an event committed after a job started its
 * round always gets a job of its own.
 */
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { jobKind } from '../../jobs/queue.ts';

export const pixelDeliverJob = jobKind('pixel.deliver', z.object({ pixelId: z.uuid() }));

/** Kill -9 of a worker counts an attempt; the outbox rows, not the job, decide when events give up (7 days). */
const MAX_ATTEMPTS = 100;

/** The job of this pixel's current generation (a no-op when it exists); `runAt` for a retry after a backoff. */
export async function enqueueDelivery(sql: Queryable, pixelId: string, generation: string, runAt?: Date) {
  const key = runAt ? `${pixelId}:at:${runAt.toISOString()}` : `${pixelId}:${generation}`;
  await pixelDeliverJob.enqueue(sql, { pixelId }, { idempotencyKey: key, maxAttempts: MAX_ATTEMPTS, ...(runAt ? { runAt } : {}) });
}
