/**
 * What an optimistic mutation writes through: every write first remembers the row it replaces (once per row and
 * mutation), so the mutation can be undone exactly. A rebase undoes every queued mutation newest first, lays the
 * server's rows down, then re-applies the still-pending ones — the Replicache rebase, with undo records instead of
 * snapshots. Must run inside a Dexie transaction over every table.
 */
import type { SyncTable } from '@shared/sync/protocol.ts';
import { keyOf, type CanalizeDb, type RowOf, type UndoRecord } from './db.ts';

export class MutationWriter {
  readonly undo: UndoRecord[] = [];
  private readonly touched = new Set<string>();

  constructor(private readonly db: CanalizeDb) {}

  get<T extends SyncTable>(table: T, key: string): Promise<RowOf[T] | undefined> {
    return this.db.rows(table).get(key);
  }

  /** Rows of `table` whose indexed `field` equals `value` (botId, flowId). */
  where<T extends SyncTable>(table: T, field: string, value: string): Promise<RowOf[T][]> {
    return this.db.rows(table).where(field).equals(value).toArray();
  }

  async put<T extends SyncTable>(table: T, row: RowOf[T]): Promise<void> {
    const key = keyOf(table, row);
    await this.remember(table, key);
    await this.db.rows(table).put(row);
  }

  async delete(table: SyncTable, key: string): Promise<void> {
    await this.remember(table, key);
    await this.db.rows(table).delete(key);
  }

  /** Merges `changes` into the row when it exists; a missing row is left missing (the server will refuse). */
  async update<T extends SyncTable>(table: T, key: string, changes: (row: RowOf[T]) => RowOf[T]): Promise<void> {
    const row = await this.get(table, key);
    if (row) await this.put(table, changes(row));
  }

  private async remember(table: SyncTable, key: string) {
    const id = `${table}\u0000${key}`;
    if (this.touched.has(id)) return;
    this.touched.add(id);
    this.undo.push({ table, key, before: (await this.db.rows(table).get(key)) ?? null });
  }
}
