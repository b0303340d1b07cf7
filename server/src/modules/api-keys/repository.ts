/** API keys (migration 0900): every query scoped by the workspace (`user_id`), except the lookup by secret hash. */
import type { Queryable } from '../../db/client.ts';

export type ApiKeyRow = { id: string; name: string; prefix: string; scopes: string[]; createdAt: Date; lastUsedAt: Date | null };

const columns = (sql: Queryable) =>
  sql`id, name, display_prefix as "prefix", scopes, created_at as "createdAt", last_used_at as "lastUsedAt"`;

export function listApiKeys(sql: Queryable, userId: string) {
  return sql<ApiKeyRow[]>`select ${columns(sql)} from api_keys where user_id = ${userId} and revoked_at is null order by created_at desc`;
}

export type NewApiKey = { userId: string; name: string; prefix: string; secretHash: string; scopes: string[]; createdBy: string };

/** Inserts the key while the workspace holds fewer than `max` live ones (its row locked, so two creations cannot both pass). */
export async function insertApiKey(sql: Queryable, key: NewApiKey, max: number): Promise<ApiKeyRow | 'limit'> {
  await sql`select 1 from workspaces where id = ${key.userId} for update`;
  const [counted] = await sql<{ n: number }[]>`select count(*)::int as n from api_keys where user_id = ${key.userId} and revoked_at is null`;
  if ((counted?.n ?? 0) >= max) return 'limit';
  const [row] = await sql<ApiKeyRow[]>`
    insert into api_keys (user_id, name, display_prefix, secret_hash, scopes, created_by)
    values (${key.userId}, ${key.name}, ${key.prefix}, ${key.secretHash}, ${key.scopes}::text[], ${key.createdBy})
    returning ${columns(sql)}`;
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Revokes a live key of the workspace; answers its name, or undefined when it is not one. */
export async function revokeApiKey(sql: Queryable, userId: string, id: string) {
  const [row] = await sql<{ name: string }[]>`
    update api_keys set revoked_at = now() where id = ${id} and user_id = ${userId} and revoked_at is null returning name`;
  return row;
}

export type KeyOwner = {
  id: string; name: string; scopes: string[]; workspaceId: string; workspaceName: string;
  founderName: string; founderEmail: string; founderCreatedAt: Date;
};

/** The live key a secret's hash names, with its workspace and founder (who a key's records are attributed to). */
export async function findLiveKey(sql: Queryable, secretHash: string): Promise<KeyOwner | undefined> {
  const [row] = await sql<KeyOwner[]>`
    select k.id, k.name, k.scopes, w.id as "workspaceId", w.name as "workspaceName",
           u.name as "founderName", u.email as "founderEmail", u.created_at as "founderCreatedAt"
    from api_keys k join workspaces w on w.id = k.user_id join users u on u.id = w.id
    where k.secret_hash = ${secretHash} and k.revoked_at is null`;
  return row;
}

/** Marks a key used, unless another request (of any instance) did so in the last minute. */
export async function touchApiKey(sql: Queryable, id: string) {
  await sql`update api_keys set last_used_at = now() where id = ${id} and (last_used_at is null or last_used_at < now() - interval '1 minute')`;
}
