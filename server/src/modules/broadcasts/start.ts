/**
 * Starting a send (docs/decisions.md#broadcast-delivery): now (POST /send) or at its scheduled time (the
 * broadcast.start job, enqueued when a broadcast is saved with a future schedule). Either way the status and the
 * audience job commit together.
 */
import { z } from 'zod';
import type { BroadcastStatus } from '@shared/broadcasts/status-machine.ts';
import type { Queryable } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { jobKind } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/run-job.ts';
import { enqueueMaterialise } from './materialise.ts';
import * as repo from './repository.ts';

/** A SCHEDULED broadcast's start at its time (run_at), also after downtime: a due job runs at boot. */
export const broadcastStartJob = jobKind('broadcast.start', z.object({ broadcastId: z.string(), scheduledFor: z.string() }));

/** Saved with a future schedule: SCHEDULED, and its start job (keyed by the time, so a moved schedule gets a new one). */
export async function scheduleStart(sql: Queryable, id: string, scheduledFor: Date | null, status: BroadcastStatus) {
  if (status === 'SCHEDULED' && scheduledFor) {
    const at = scheduledFor.toISOString();
    await broadcastStartJob.enqueue(sql, { broadcastId: id, scheduledFor: at }, { runAt: scheduledFor, idempotencyKey: `${id}:${at}`, maxAttempts: 10 });
  }
}

/**
 * Starts sending (DRAFT, SCHEDULED or FAILED → SENDING) in one transaction: the status and the audience job (or,
 * from FAILED, the failures certainly not delivered put back) commit together, so the engine never sees a SENDING
 * broadcast whose audience nobody is writing. The audience is counted here and written by broadcast.materialise
 * (materialise.ts), never inside the request. A broadcast with nobody to send to ends FAILED at once.
 */
export async function startSending(sql: Queryable, row: Pick<repo.BroadcastRow, 'id' | 'status'>): Promise<boolean> {
  return inTransaction(sql, async (tx) => {
    if (!(await repo.setStatus(tx, row.id, [row.status], 'SENDING', { error: null, started: true }))) return false;
    const audience = await repo.audienceState(tx, row.id);
    // Stopped and sent again while its audience job still writes: that job goes on, nothing to add.
    if (audience.materialising) return true;
    if (audience.hasRecipients) await repo.requeueRetryable(tx, row.id);
    else await enqueueMaterialise(tx, row.id);
    return true;
  });
}

/**
 * The scheduled start (broadcast.start job): only a broadcast still SCHEDULED for that very time starts (a moved
 * or cancelled schedule leaves its old job nothing to do). Its bot switched off: FAILED with the reason.
 */
export function scheduledStartHandler(): JobHandler<typeof broadcastStartJob.payload> {
  return {
    async run(payload, context) {
      await context.completeWith(async (tx) => {
        const row = await repo.findBroadcastById(tx, payload.broadcastId);
        if (!row || row.status !== 'SCHEDULED' || row.scheduledFor?.toISOString() !== payload.scheduledFor) return;
        const bot = await repo.findOwnedBot(tx, row.userId, row.botId);
        if (!bot?.isActive) {
          await repo.setStatus(tx, row.id, ['SCHEDULED'], 'FAILED', { error: 'Bot desativado no horário agendado', completed: true });
          return;
        }
        await startSending(tx, row);
      });
    },
    leaseMs: 10 * 60_000,
  };
}
