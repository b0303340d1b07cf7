/** Per-field change tracking of the sync push (migration 0630, field-guard.ts). */
import type { SyncTable } from '@shared/sync/protocol.ts';
import type { Queryable } from '../../db/client.ts';

/** The cached row whose plain fields a mutation writes. */
export type FieldTarget = { table: SyncTable; rowId: string };

export type FieldChange = { field: string; clientId: string | null; changedAt: Date };

/** Fields of the row another client changed at a version above `version`. */
export function newerFieldChanges(sql: Queryable, userId: string, clientId: string, target: FieldTarget, version: number) {
  return sql<FieldChange[]>`
    select field, client_id as "clientId", changed_at as "changedAt" from sync_field_changes
    where user_id = ${userId} and table_name = ${target.table} and row_id = ${target.rowId}
      and version > ${version} and client_id is distinct from ${clientId}`;
}

/** Records the fields the mutation changed, under this client; their version is the row's, set at commit (0630). */
export async function recordFieldChanges(sql: Queryable, userId: string, clientId: string, target: FieldTarget, changed: Record<string, unknown>) {
  const fields = Object.keys(changed);
  if (fields.length === 0) return;
  await sql`select set_config('canalize.sync_fields', 'on', true)`;
  const values = fields.map((field) => JSON.stringify(changed[field] ?? null));
  await sql`
    insert into sync_field_changes as f (user_id, table_name, row_id, field, client_id, value)
    select ${userId}, ${target.table}, ${target.rowId}, field, ${clientId}, value::jsonb
    from unnest(${fields}::text[], ${values}::text[]) as t(field, value)
    on conflict (user_id, table_name, row_id, field) do update
      set client_id = excluded.client_id, changed_at = now(), value = excluded.value, version = null, xid = excluded.xid`;
}

