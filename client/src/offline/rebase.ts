/**
 * Rebase (docs/offline-sync.md#rule-5): undo every queued mutation newest first, lay down what the server said,
 * drop what it has answered, and re-apply what is still queued on top — one Dexie transaction, so no tab ever
 * renders a half-rebased state. Used for pulls and, with no server rows, to take back refused mutations at once.
 */
import type { SyncTable } from '@shared/sync/protocol.ts';
import type { AnyRow, CanalizeDb, OutboxEntry } from './db.ts';
import { applyEnvelope } from './mutations/apply-envelope.ts';
import { MutationWriter } from './writer.ts';

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
  await undoAll(db, entries);
  await lay?.();
  const dropped = entries.filter((entry) => drop?.has(entry.mutationId) || (dropAcked && entry.status === 'acked'));
  await db.outbox.bulkDelete(dropped.map((entry) => entry.mutationId));
  const gone = new Set(dropped);
  for (const entry of entries) if (!gone.has(entry)) await reapply(db, entry);
}

/**
 * Undoing every entry newest first leaves each touched row at the OLDEST entry's record of it, so that record is
 * all that needs writing: one bulk write per table instead of one write per record (a replay of 1 000 edits of
 * the same rows then costs a handful of writes, not thousands).
 */
async function undoAll(db: CanalizeDb, entries: readonly OutboxEntry[]) {
  const oldest = new Map<string, { table: SyncTable; key: string; before: AnyRow | null }>();
  for (const entry of entries) {
    for (const record of entry.undo) {
      const id = `${record.table}\u0000${record.key}`;
      if (!oldest.has(id)) oldest.set(id, record);
    }
  }
  const byTable = new Map<SyncTable, { puts: AnyRow[]; deletes: string[] }>();
  for (const { table, key, before } of oldest.values()) {
    const bucket = byTable.get(table) ?? { puts: [], deletes: [] };
    if (before === null) bucket.deletes.push(key);
    else bucket.puts.push(before);
    byTable.set(table, bucket);
  }
  for (const [table, { puts, deletes }] of byTable) {
    if (deletes.length > 0) await db.table(table).bulkDelete(deletes);
    if (puts.length > 0) await db.table(table).bulkPut(puts);
  }
}

async function reapply(db: CanalizeDb, entry: OutboxEntry) {
  const writer = new MutationWriter(db);
  await applyEnvelope(writer, entry);
  await db.outbox.update(entry.mutationId, { undo: writer.undo });
}
