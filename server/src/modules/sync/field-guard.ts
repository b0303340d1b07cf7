/**
 * Conflicts between devices (docs/offline-sync.md#rule-6). A mutation that writes plain fields carries its base: the
 * pull cursor its device had when the edit was made, and the fields the edit changed. Before it runs, the fields
 * another client changed after that base (sync_field_changes, migration 0630) keep their current value: a field
 * this edit changed becomes a conflict (the mutation answers `conflict` with both values), one it only carried along
 * (a whole welcome message, a node's whole config) merges silently. After it runs, the fields it did change are
 * recorded under this client, so a later edit of another device made on an older base does not overwrite them.
 */
import { fieldValues } from '@shared/sync/fields.ts';
import type { FieldConflict, MutationEnvelope } from '@shared/sync/protocol.ts';
import type { FieldTarget } from './field-repository.ts';

export type { FieldTarget } from './field-repository.ts';
import type { Queryable } from '../../db/client.ts';
import { newerFieldChanges, recordFieldChanges } from './field-repository.ts';
import { loadTrackedRow } from './tracked-rows.ts';

export type Base = NonNullable<MutationEnvelope['base']>;

/** What a guarded mutation must write instead of its own values (`keep`), and the conflicts to answer. */
export type Guard = { keep: Record<string, unknown>; conflicts: FieldConflict[] };

export async function guardFields(sql: Queryable, userId: string, clientId: string, target: FieldTarget, base: Base): Promise<Guard> {
  const newer = await newerFieldChanges(sql, userId, clientId, target, base.version);
  if (newer.length === 0) return { keep: {}, conflicts: [] };
  const current = fieldValues(target.table, await loadTrackedRow(sql, userId, target.table, target.rowId));
  const keep: Record<string, unknown> = {};
  const conflicts: FieldConflict[] = [];
  for (const change of newer) {
    const server = current.has(change.field) ? current.get(change.field) : null;
    keep[change.field] = server;
    if (!Object.hasOwn(base.fields, change.field)) continue;
    const mine = base.fields[change.field];
    // The same value on both sides is no lost edit.
    if (JSON.stringify(mine) === JSON.stringify(server)) continue;
    conflicts.push({ field: change.field, mine, server, changedAt: change.changedAt.toISOString(), byOtherDevice: change.clientId !== null });
  }
  return { keep, conflicts };
}

/** How a conflict is recorded beside refusals (sync_mutation_failures); the client shows the fields, not this text. */
export const CONFLICT = { code: 'SYNC_CONFLICT', message: 'Alterado em outro aparelho: o valor mais recente foi mantido' } as const;

/**
 * The base of a write that stands in for skipped ones (supersede.ts): the oldest version among them and every field
 * any of them changed (later values win), so what the skipped ones would have found in conflict the stand-in finds.
 * None when the stand-in has none (an older client's queue).
 */
export function groupBase(envelopes: readonly MutationEnvelope[], indexes: readonly number[]): Base | undefined {
  const bases = indexes.map((index) => envelopes[index]?.base);
  if (!bases.at(-1)) return undefined;
  const present = bases.filter((base): base is Base => base !== undefined);
  return { version: Math.min(...present.map((base) => base.version)), fields: Object.assign({}, ...present.map((base) => base.fields)) };
}

/** Runs `mutation` (through `write`) guarded by its base; answers the conflicts (none: applied as sent). */
export async function runGuarded<M extends { target: FieldTarget | undefined; keeping(values: Record<string, unknown>): M }>(
  sql: Queryable,
  userId: string,
  clientId: string,
  mutation: M,
  base: Base | undefined,
  write: (chosen: M) => Promise<unknown>,
): Promise<FieldConflict[]> {
  const target = mutation.target;
  if (!target || !base) {
    await write(mutation);
    return [];
  }
  const guard = await guardFields(sql, userId, clientId, target, base);
  await write(Object.keys(guard.keep).length > 0 ? mutation.keeping(guard.keep) : mutation);
  const changed = Object.fromEntries(Object.entries(base.fields).filter(([field]) => !Object.hasOwn(guard.keep, field)));
  await recordFieldChanges(sql, userId, clientId, target, changed);
  return guard.conflicts;
}
