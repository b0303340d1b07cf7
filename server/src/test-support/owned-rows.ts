/**
 * A snapshot of every row one user owns, derived from the schema rather than listed by hand: a table is owned
 * through a `user_id` column, or through a single-column foreign key to a table that is owned (bots → flows →
 * flow_nodes → …). A table added by a later migration is in the snapshot without anyone editing this file.
 */
import type { Sql } from '../db/client.ts';

type ForeignKey = { child: string; column: string; parent: string; parentColumn: string };

/** Table → SQL condition (with `$1` = the user id) selecting the user's rows. */
export async function ownershipConditions(sql: Sql): Promise<Map<string, string>> {
  const columns = await sql<{ table: string; column: string }[]>`
    select c.table_name as table, c.column_name as column
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`;
  const keys = await sql<ForeignKey[]>`
    select child.relname as child, a.attname as column, parent.relname as "parent", pa.attname as "parentColumn"
    from pg_constraint k
    join pg_class child on child.oid = k.conrelid
    join pg_class parent on parent.oid = k.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
    join pg_attribute pa on pa.attrelid = k.confrelid and pa.attnum = k.confkey[1]
    where k.contype = 'f' and n.nspname = 'public' and cardinality(k.conkey) = 1`;
  const tables = new Set(columns.map((row) => row.table));
  const conditions = new Map<string, string>([['users', 'id = $1']]);
  for (const row of columns) if (row.column === 'user_id') conditions.set(row.table, 'user_id = $1');
  // Follow foreign keys from owned parents until nothing new is reached.
  for (let grew = true; grew; ) {
    grew = false;
    for (const key of keys) {
      const parent = conditions.get(key.parent);
      if (conditions.has(key.child) || !parent || !tables.has(key.child)) continue;
      conditions.set(key.child, `${quote(key.column)} in (select ${quote(key.parentColumn)} from ${quote(key.parent)} where ${parent})`);
      grew = true;
    }
  }
  return conditions;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A row as JSON text, without `lease_expires_at`: the polling heartbeat renews the leases of the user's bots every few
 * seconds whatever a request does, so that column moving is the runtime's bookkeeping, not a change made to the user.
 */
const ROW = `(to_jsonb(t) - 'lease_expires_at')::text`;

/** Every owned row, per table, as sorted JSON texts: equal snapshots mean nothing of the user's changed. */
export async function ownedRows(sql: Sql, conditions: Map<string, string>, userId: string): Promise<Record<string, string[]>> {
  const parts = [...conditions].map(
    ([table, condition]) =>
      `'${table}', (select coalesce(json_agg(${ROW} order by ${ROW}), '[]'::json) from ${quote(table)} t where ${condition})`,
  );
  const dump: Record<string, string[]> = {};
  // json_build_object takes at most 100 arguments: 40 tables per query.
  for (let start = 0; start < parts.length; start += 40) {
    const rows = await sql.unsafe<{ dump: Record<string, string[]> }[]>(`select json_build_object(${parts.slice(start, start + 40).join(', ')}) as dump`, [userId]);
    Object.assign(dump, rows[0]?.dump);
  }
  return dump;
}

/** The tables whose snapshots differ, with the rows only one side has: a readable failure message. */
export function rowDifferences(before: Record<string, string[]>, after: Record<string, string[]>): string[] {
  const differences: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[table] ?? []);
    const is = new Set(after[table] ?? []);
    const gone = [...was].filter((row) => !is.has(row));
    const added = [...is].filter((row) => !was.has(row));
    if (gone.length > 0 || added.length > 0) differences.push(`${table}: -${JSON.stringify(gone)} +${JSON.stringify(added)}`);
  }
  return differences;
}
