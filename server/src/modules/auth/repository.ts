/** postgres.js queries for accounts, sessions (refresh tokens) and login throttling. */
import type { Queryable, Sql } from '../../db/client.ts';

export type UserRow = { id: string; name: string; email: string; passwordHash: string; createdAt: Date };
export type RefreshRow = {
  id: string;
  userId: string;
  familyId: string;
  expiresAt: Date;
  rotatedAt: Date | null;
  /** Measured by the database clock, the one every server instance shares. */
  rotatedSecondsAgo: number | null;
  revokedAt: Date | null;
};


export async function insertUser(sql: Sql, user: { name: string; email: string; passwordHash: string }) {
  const rows = await sql<UserRow[]>`
    insert into users (name, email, password_hash)
    values (${user.name}, ${user.email}, ${user.passwordHash})
    on conflict ((lower(email))) do nothing
    returning id, name, email, password_hash as "passwordHash", created_at as "createdAt"`;
  return rows[0];
}

export async function findUserByEmail(sql: Sql, email: string) {
  const rows = await sql<UserRow[]>`
    select id, name, email, password_hash as "passwordHash", created_at as "createdAt"
    from users where lower(email) = lower(${email})`;
  return rows[0];
}

export async function findUserById(sql: Sql, id: string) {
  const rows = await sql<UserRow[]>`
    select id, name, email, password_hash as "passwordHash", created_at as "createdAt"
    from users where id = ${id}`;
  return rows[0];
}

export async function accountExists(sql: Sql, id: string): Promise<boolean> {
  const rows = await sql`select 1 from users where id = ${id}`;
  return rows.length > 0;
}

export async function insertRefreshToken(
  sql: Queryable,
  token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
) {
  await sql`
    insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
    values (${token.userId}, ${token.familyId}, ${token.tokenHash}, ${token.expiresAt})`;
}

export async function findRefreshToken(sql: Sql, tokenHash: string) {
  const rows = await sql<RefreshRow[]>`
    select id, user_id as "userId", family_id as "familyId", expires_at as "expiresAt",
           rotated_at as "rotatedAt", extract(epoch from now() - rotated_at)::float8 as "rotatedSecondsAgo",
           revoked_at as "revokedAt"
    from refresh_tokens where token_hash = ${tokenHash}`;
  return rows[0];
}

/** Claims a live token for rotation; false when another request rotated or revoked it first. */
export async function markRotated(sql: Queryable, id: string): Promise<boolean> {
  const rows = await sql`
    update refresh_tokens set rotated_at = now()
    where id = ${id} and rotated_at is null and revoked_at is null
    returning id`;
  return rows.length === 1;
}

export async function revokeFamily(sql: Sql, familyId: string) {
  await sql`update refresh_tokens set revoked_at = now() where family_id = ${familyId} and revoked_at is null`;
}

export async function revokeToken(sql: Sql, tokenHash: string) {
  await sql`update refresh_tokens set revoked_at = now() where token_hash = ${tokenHash} and revoked_at is null`;
}

export async function countRecentFailures(sql: Sql, email: string, windowSeconds: number): Promise<number> {
  const rows = await sql<{ count: number }[]>`
    select count(*)::int as count from login_attempts
    where email = ${email} and attempted_at > now() - make_interval(secs => ${windowSeconds})`;
  return rows[0]?.count ?? 0;
}

/** Records a failure and drops that email's rows too old to matter, so the table stays small. */
export async function recordFailure(sql: Sql, email: string, windowSeconds: number) {
  await sql`insert into login_attempts (email) values (${email})`;
  await sql`
    delete from login_attempts
    where email = ${email} and attempted_at < now() - make_interval(secs => ${windowSeconds * 2})`;
}

export async function clearFailures(sql: Sql, email: string) {
  await sql`delete from login_attempts where email = ${email}`;
}

