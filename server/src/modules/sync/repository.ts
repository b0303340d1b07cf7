/** Sync bookkeeping (migration 0400): per-client mutation ids, refused mutations, the per-user change log. */
import { fieldConflictSchema, type FieldConflict, type MutationResult, type SyncTable } from '@shared/sync/protocol.ts';
import type { Queryable } from '../../db/client.ts';
import { jsonb } from '../../db/json.ts';

export async function ensureClient(sql: Queryable, userId: string, clientId: string) {
  await sql`insert into sync_clients (user_id, client_id) values (${userId}, ${clientId}) on conflict do nothing`;
}

export async function lastMutationId(sql: Queryable, userId: string, clientId: string) {
  const rows = await sql<{ last: number }[]>`
    select last_mutation_id::float8 as last from sync_clients where user_id = ${userId} and client_id = ${clientId}`;
  return rows[0]?.last ?? 0;
}

/**
 * One push chunk per user at a time: two devices of one user pushing at once would otherwise lock the same rows in
 * different orders inside their chunks and deadlock (PostgreSQL detects it only after deadlock_timeout, 1 s). Other
 * writers (REST, bot runtime) do not take it; they are single short transactions.
 */
export async function lockUserPushes(sql: Queryable, userId: string) {
  await sql`select pg_advisory_xact_lock(hashtext('canalize.sync.push'), hashtext(${userId}))`;
}

/** Locks the client's row until the commit: concurrent pushes of one client take turns, so an id is taken once. */
export async function lockClient(sql: Queryable, userId: string, clientId: string) {
  const rows = await sql<{ last: number }[]>`
    select last_mutation_id::float8 as last from sync_clients
    where user_id = ${userId} and client_id = ${clientId}
    for update`;
  return rows[0]?.last ?? 0;
}

export async function setLastMutationId(sql: Queryable, userId: string, clientId: string, id: number) {
  await sql`
    update sync_clients set last_mutation_id = ${id}, updated_at = now()
    where user_id = ${userId} and client_id = ${clientId}`;
}

/** A refusal, or (with `conflicts`) a mutation applied except for fields another device changed after its base. */
export type Failure = { code: string; message: string; conflicts?: FieldConflict[] };

/** How a processed mutation is answered: applied, refused, or applied but for the conflicts. */
export const answerOf = (mutationId: number, failure: Failure | undefined, done: 'applied' | 'alreadyApplied'): MutationResult =>
  !failure ? { mutationId, status: done } : { mutationId, status: failure.conflicts ? 'conflict' : 'failed', ...failure };

export async function recordFailure(sql: Queryable, userId: string, clientId: string, id: number, name: string, failure: Failure) {
  await sql`
    insert into sync_mutation_failures (user_id, client_id, mutation_id, name, code, message, conflicts)
    values (${userId}, ${clientId}, ${id}, ${name}, ${failure.code}, ${failure.message},
            ${failure.conflicts ? jsonb(sql, failure.conflicts) : null})
    on conflict do nothing`;
}

/** Refusals among already processed ids, so a resend learns the same reason again. */
export async function findFailures(sql: Queryable, userId: string, clientId: string, ids: number[]) {
  const rows = await sql<{ id: number; code: string; message: string; conflicts: unknown }[]>`
    select mutation_id::float8 as id, code, message, conflicts from sync_mutation_failures
    where user_id = ${userId} and client_id = ${clientId} and mutation_id = any(${ids}::int8[])`;
  return new Map(
    rows.map(({ id, code, message, conflicts }): [number, Failure] => [
      id,
      conflicts === null ? { code, message } : { code, message, conflicts: fieldConflictSchema.array().parse(conflicts) },
    ]),
  );
}

export type ChangeEntry = { table: SyncTable; rowId: string; version: number; deleted: boolean };

/** The highest version the user's change log holds (0 when empty). */
export async function latestVersion(sql: Queryable, userId: string) {
  const rows = await sql<{ version: number }[]>`
    select coalesce(max(version), 0)::float8 as version from sync_changes where user_id = ${userId}`;
  return rows[0]?.version ?? 0;
}

/** The change log after `cursor`, oldest first; versions are unique per user so a page never splits one. */
export function changesSince(sql: Queryable, userId: string, cursor: number, limit: number) {
  return sql<ChangeEntry[]>`
    select table_name as "table", row_id as "rowId", version::float8 as version, deleted
    from sync_changes
    where user_id = ${userId} and version > ${cursor}
    order by version
    limit ${limit}`;
}
