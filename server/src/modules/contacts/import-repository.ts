/** contact_imports rows (migration 0920), always scoped by the workspace. */
import type { ContactImportError, ContactImportMapping } from '@shared/contacts/import.ts';
import type { Queryable } from '../../db/client.ts';

export type ImportStatus = 'validated' | 'running' | 'done' | 'failed';

export type ImportRecord = {
  id: string;
  botId: string;
  fileName: string;
  status: ImportStatus;
  totalRows: number;
  validRows: number;
  errorCount: number;
  errors: ContactImportError[];
  newLabels: string[];
  processed: number;
  created: number;
  updated: number;
  createdAt: Date;
  finishedAt: Date | null;
};

const columns = (sql: Queryable) => sql`
  id, bot_id as "botId", file_name as "fileName", status, total_rows as "totalRows", valid_rows as "validRows",
  error_count as "errorCount", errors, new_labels as "newLabels", processed, created, updated,
  created_at as "createdAt", finished_at as "finishedAt"`;

export type NewImport = Omit<ImportRecord, 'id' | 'status' | 'processed' | 'created' | 'updated' | 'createdAt' | 'finishedAt'> & {
  createdBy: string;
  source: string;
  separator: string;
  mapping: ContactImportMapping;
};

export async function insertImport(sql: Queryable, userId: string, input: NewImport) {
  const rows = await sql<ImportRecord[]>`
    insert into contact_imports (user_id, bot_id, created_by, file_name, status, source, separator, mapping, total_rows,
      valid_rows, error_count, errors, new_labels)
    values (${userId}, ${input.botId}, ${input.createdBy}, ${input.fileName}, 'validated', ${input.source}, ${input.separator},
      ${sql.json(input.mapping)}, ${input.totalRows}, ${input.validRows}, ${input.errorCount}, ${sql.json(input.errors)}, ${input.newLabels})
    returning ${columns(sql)}`;
  const row = rows[0];
  if (!row) throw new Error('contact import not written');
  return row;
}

export async function findImport(sql: Queryable, userId: string, importId: string, lock = false) {
  const rows = await sql<ImportRecord[]>`
    select ${columns(sql)} from contact_imports where id = ${importId} and user_id = ${userId} ${lock ? sql`for update` : sql``}`;
  return rows[0];
}

/** Dry-runs nobody started in time: their files go. */
export function purgeStale(sql: Queryable, userId: string, before: Date) {
  return sql`delete from contact_imports where user_id = ${userId} and status = 'validated' and created_at < ${before}`;
}

export async function markRunning(sql: Queryable, importId: string) {
  await sql`update contact_imports set status = 'running', started_at = now() where id = ${importId}`;
}

export type RunState = {
  userId: string;
  botId: string;
  status: ImportStatus;
  source: string | null;
  separator: string;
  mapping: ContactImportMapping;
  processed: number;
  botAlive: boolean;
};

/** The job's view of an import, locked for the batch that advances it. */
export async function runState(sql: Queryable, importId: string) {
  const rows = await sql<RunState[]>`
    select i.user_id as "userId", i.bot_id as "botId", i.status, i.source, i.separator, i.mapping, i.processed,
      exists (select 1 from bots b where b.id = i.bot_id and b.deleted_at is null) as "botAlive"
    from contact_imports i where i.id = ${importId} for update`;
  return rows[0];
}

export async function advance(sql: Queryable, importId: string, step: { lines: number; created: number; updated: number; done: boolean }) {
  await sql`
    update contact_imports set processed = processed + ${step.lines}, created = created + ${step.created},
      updated = updated + ${step.updated},
      status = ${step.done ? 'done' : 'running'}, finished_at = ${step.done ? sql`now()` : null},
      source = ${step.done ? null : sql`source`}
    where id = ${importId}`;
}

export async function fail(sql: Queryable, importId: string) {
  await sql`update contact_imports set status = 'failed', finished_at = now(), source = null where id = ${importId}`;
}

/** The workspace's label names, lower case, and how many it has. */
export async function labelNames(sql: Queryable, userId: string) {
  const rows = await sql<{ name: string }[]>`select lower(name) as name from labels where user_id = ${userId}`;
  return new Set(rows.map((row) => row.name));
}

/** The file's new labels, grey, as many as the workspace has room for; a name taken meanwhile is kept as it is. */
export async function createLabels(sql: Queryable, userId: string, names: string[], room: number) {
  if (names.length === 0 || room <= 0) return;
  await sql`
    insert into labels (id, user_id, name, color)
    select gen_random_uuid(), ${userId}, x.name, 'gray' from unnest(${names.slice(0, room)}::text[]) as x(name)
    on conflict do nothing`;
}
