/**
 * Reading the server's answer to a push (shared/sync/protocol.ts): applied and alreadyApplied entries become
 * `acked` (kept until a pull brings their effects), failed ones move to the rejected list and their optimistic
 * effect is taken back at once, and a gap puts every entry after the server's last processed id back in the queue.
 */
import type { PushResult } from '@shared/sync/protocol.ts';
import { isTrackedTable } from '@shared/sync/fields.ts';
import type { CanalizeDb, ConflictEntry, OutboxEntry, RejectedEntry } from './db.ts';
import { toEnvelope } from './outbox.ts';
import { rebaseInTransaction } from './rebase.ts';

export const REFUSED_FALLBACK = { code: 'MUTATION_FAILED', message: 'O servidor recusou esta alteração.' } as const;

export type AckOutcome = { rejected: RejectedEntry[]; conflicts: ConflictEntry[]; gap: boolean };

export function acknowledge(db: CanalizeDb, sent: readonly OutboxEntry[], result: PushResult, now = new Date()): Promise<AckOutcome> {
  return db.transaction('rw', db.everything, async () => {
    const answers = new Map(result.results.map((answer) => [answer.mutationId, answer]));
    const refused = new Set<number>();
    const rejected: RejectedEntry[] = [];
    const acked: OutboxEntry[] = [];
    const conflicts: ConflictEntry[] = [];
    for (const entry of sent) {
      const answer = answers.get(entry.mutationId);
      // No answer of its own but at or below the server's last id: the server has processed it before.
      const processed = answer ? answer.status !== 'gap' : entry.mutationId <= result.lastMutationId;
      if (!processed) continue;
      // The server answers a resend of a refused mutation `failed` again, so a lost first answer still reports it.
      if (answer?.status === 'failed') {
        refused.add(entry.mutationId);
        rejected.push({
          ...toEnvelope(entry),
          code: answer.code ?? REFUSED_FALLBACK.code,
          message: answer.message ?? REFUSED_FALLBACK.message,
          rejectedAt: now.toISOString(),
        });
      } else {
        // A conflict landed but for its conflicting fields: acked like an applied one (the next pull shows the
        // server's values), and kept for the user to see and resolve.
        if (answer?.status === 'conflict' && answer.conflicts) conflicts.push(conflictOf(entry, answer.conflicts, now));
        acked.push(entry);
      }
    }
    // One bulk write, from the entries as stored now (their undo records may be newer than what was sent).
    const stored = await db.outbox.bulkGet(acked.map((entry) => entry.mutationId));
    await db.outbox.bulkPut(stored.flatMap((entry) => (entry ? [{ ...entry, status: 'acked' as const }] : [])));
    const gap = result.results.some((answer) => answer.status === 'gap');
    if (gap) await db.outbox.where('mutationId').above(result.lastMutationId).modify({ status: 'pending' });
    if (rejected.length > 0) {
      await db.rejected.bulkPut(rejected);
      await rebaseInTransaction(db, { drop: refused });
    }
    if (conflicts.length > 0) await db.conflicts.bulkPut(conflicts);
    return { rejected, conflicts, gap };
  });
}

function conflictOf(entry: OutboxEntry, conflicts: ConflictEntry['conflicts'], now: Date): ConflictEntry {
  const edited = entry.undo.find((record) => isTrackedTable(record.table));
  return {
    ...toEnvelope(entry),
    id: `${entry.clientId}:${entry.mutationId}`,
    conflicts,
    receivedAt: now.toISOString(),
    ...(edited ? { table: edited.table, key: edited.key } : {}),
  };
}
