/**
 * The expiry sweep (docs/decisions.md#paid-access): a periodic pass, not a timer per access, that moves the accesses
 * whose time is up in batches of BATCH, each batch one transaction with its history lines and the removal jobs of
 * the accesses it ended. Ten thousand accesses ending at once are twenty short transactions and ten thousand queued
 * jobs, never ten thousand timers or rows in memory; a renewal only changes access_until, nothing to cancel.
 * The sweep itself is a durable job chained minute by minute (idempotency key per minute): one instance sweeps
 * each minute, and a crash mid-sweep leaves the rest to the retry.
 */
import { z } from 'zod';
import type { Queryable, Sql } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { jobKind } from '../../../jobs/queue.ts';
import type { JobHandler } from '../../../jobs/run-job.ts';
import type { Logger } from '../../../lib/logger.ts';
import { botsListening, claimDueReminders } from './access-event-repository.ts';
import { enqueueAccessEvents } from './access-event-job.ts';
import { moveDue, recordMoves, type MovedAccess } from './lifecycle-repository.ts';
import { accessRemovalJob, removalOptions } from './removal-job.ts';
import { emitSweptExpiries } from './webhook-events.ts';

const BATCH = 500;
const EVERY_MS = 60_000;

/** Moves every due access (answers how many changed), then fires the reminders due. */
export async function sweepAccesses(sql: Sql, batch = BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const moved = await inTransaction(sql, async (tx) => {
      const rows = await moveDue(tx, batch);
      const events = await recordMoves(tx, rows);
      const removals = rows.flatMap((row) => {
        const eventId = events.get(row.id);
        const options = eventId === undefined ? undefined : removalOptions(row, eventId);
        return options ? [{ payload: { memberId: row.id, userId: row.userId }, options }] : [];
      });
      await accessRemovalJob.enqueueMany(tx, removals);
      await enqueueExpired(tx, rows, events);
      await emitSweptExpiries(tx, rows);
      return rows.length;
    });
    total += moved;
    if (moved < batch) break;
  }
  await remind(sql, batch);
  return total;
}

/** The "expirou" events of the accesses a batch ended, for the bots with a flow listening (no job for nobody). */
async function enqueueExpired(tx: Queryable, rows: MovedAccess[], events: Map<string, string>) {
  const ended = rows.filter((row) => row.status === 'EXPIRED' && row.telegramId !== null && events.has(row.id));
  const listening = await botsListening(tx, ended.map((row) => row.botId), 'expired');
  const expired = ended.filter((row) => listening.has(row.botId));
  await enqueueAccessEvents(tx, expired.map((row) => ({ access: row, event: 'expired', cause: events.get(row.id) ?? '' })));
}

/**
 * The "expira em 3 dias" / "expira amanhã" triggers due now, each recorded with its access_until in the batch's
 * transaction beside its job: once per access and period, a renewal arms the next ones.
 */
async function remind(sql: Sql, batch: number) {
  for (;;) {
    const count = await inTransaction(sql, async (tx) => {
      const due = await claimDueReminders(tx, batch);
      await enqueueAccessEvents(tx, due.map((row) => ({ access: row, event: row.event, cause: row.accessUntil.toISOString(), accessUntil: row.accessUntil })));
      return due.length;
    });
    if (count < batch) return;
  }
}

export const accessSweepJob = jobKind('access.sweep', z.object({ slot: z.number().int() }));

const slotOf = (at: number) => Math.floor(at / EVERY_MS);

/** Chains the next minute's sweep (a used key adds nothing: every instance may call this at boot). */
export function scheduleSweep(sql: Sql, at = Date.now()) {
  const slot = slotOf(at) + 1;
  return accessSweepJob.enqueue(sql, { slot }, { idempotencyKey: `sweep:${slot}`, runAt: new Date(slot * EVERY_MS) });
}

export function accessSweepHandler(deps: { sql: Sql; logger: Logger }): JobHandler<typeof accessSweepJob.payload> {
  return {
    leaseMs: 5 * 60_000,
    async run(payload) {
      await scheduleSweep(deps.sql, payload.slot * EVERY_MS);
      const moved = await sweepAccesses(deps.sql);
      if (moved > 0) deps.logger.info('acessos vencidos atualizados', { moved });
    },
  };
}
