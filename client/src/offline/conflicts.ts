/**
 * Resolving a conflict (docs/offline-sync.md#rule-6). Keeping the server's value only forgets the entry: the change
 * was acknowledged, so the next pull already shows the server's value. Applying mine queues a new mutation made on
 * the rows shown now (current version): the conflicting fields get this device's values back, every other field
 * stays as it is now, so the new edit changes only what was lost.
 */
import { fieldValues, withFieldValues } from '@shared/sync/fields.ts';
import { isMutationName, type MutationArgs } from '@shared/sync/mutations.ts';
import type { CanalizeDb, ConflictEntry } from './db.ts';
import { enqueueAll, type Queued } from './outbox.ts';

export function keepServerValue(db: CanalizeDb, id: string): Promise<void> {
  return db.conflicts.delete(id);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The args with `values` in place, wherever the mutation keeps its fields: `changes`, `welcome`, or the args themselves. */
function argsWith(args: unknown, values: Record<string, unknown>): unknown {
  if (!isRecord(args)) return args;
  for (const key of ['changes', 'welcome']) {
    const inner = args[key];
    if (isRecord(inner)) return { ...args, [key]: withFieldValues(inner, values) };
  }
  return withFieldValues(args, values);
}

/** Queues this device's values again (and forgets the conflict) in one transaction; answers whether it was queued. */
export async function applyMine(db: CanalizeDb, entry: ConflictEntry): Promise<boolean> {
  if (!isMutationName(entry.name)) return false;
  return db.transaction('rw', db.everything, async () => {
    const row = entry.table && entry.key ? await db.rows(entry.table).get(entry.key) : undefined;
    const current = entry.table ? Object.fromEntries(fieldValues(entry.table, row)) : {};
    const mine = Object.fromEntries(entry.conflicts.map((conflict) => [conflict.field, conflict.mine]));
    // The stored args were valid for this name when queued; enqueueAll parses them again.
    const args = argsWith(entry.args, { ...current, ...mine }) as MutationArgs<typeof entry.name>;
    await enqueueAll(db, [{ name: entry.name, args } as Queued]);
    await db.conflicts.delete(entry.id);
    return true;
  });
}
