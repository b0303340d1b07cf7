/**
 * Rebase (guide/offline-sync.md rule 5): undo every queued mutation newest first, lay down what the server said,
 * drop what it has answered, and re-apply what is still queued on top — one Dexie transaction, so no tab ever
 * renders a half-rebased state. Used for pulls and, with no server rows, to take back refused mutations at once.
 */
import type { OutboxEntry } from './db.ts';
import { type CanalizeDb } from './db.ts';
import { applyEnvelope } from './apply/index.ts';
import { MutationWriter, undoRecords } from './writer.ts';

export type RebaseOptions = {
  /** Writes the server's rows; runs with every queued mutation undone. */
  lay?: () => Promise<void>;
  /** Drop these ids (refused by the server): undone and never re-applied. */
  drop?: ReadonlySet<number>;
  /** Drop every acknowledged entry: the server's rows laid down now include their effects. */
  dropAcked?: boolean;
};

export function rebase(db: CanalizeDb, options: RebaseOptions): Promise<void> {
  // The scope must be an `async` function: Dexie follows native awaits only through those (else PrematureCommitError).
  return db.transaction('rw', db.everything, async () => {
    await rebaseInTransaction(db, options);
  });
}

export async function rebaseInTransaction(db: CanalizeDb, { lay, drop, dropAcked = false }: RebaseOptions): Promise<void> {
  const entries = await db.outbox.orderBy('mutationId').toArray();
  for (let index = entries.length - 1; index >= 0; index--) {
    const entry = entries[index];
    if (entry) await undoRecords(db, entry.undo);
  }
  await lay?.();
  for (const entry of entries) {
    if (drop?.has(entry.mutationId) || (dropAcked && entry.status === 'acked')) {
      await db.outbox.delete(entry.mutationId);
      continue;
    }
    await reapply(db, entry);
  }
}

async function reapply(db: CanalizeDb, entry: OutboxEntry) {
  const writer = new MutationWriter(db);
  await applyEnvelope(writer, entry);
  await db.outbox.update(entry.mutationId, { undo: writer.undo });
}
