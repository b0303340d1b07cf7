/** postgres.js queries for accounts, sessions (refresh tokens) and login throttling. */
import type { Queryable, Sql } from '../../db/client.ts';
import { afterAttempt, waitSeconds, type ThrottleKey } from './throttle.ts';

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
  /** Some token of its family was revoked: the whole session is signed out (logout, a replayed rotated token). */
  familyRevoked: boolean;
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

/** The account with whether the session (a refresh family) was signed out, in one round trip. */
export async function findSessionUser(sql: Sql, id: string, familyId: string) {
  const rows = await sql<(UserRow & { sessionRevoked: boolean })[]>`
    select id, name, email, password_hash as "passwordHash", created_at as "createdAt",
           exists (select 1 from refresh_tokens where family_id = ${familyId} and revoked_at is not null) as "sessionRevoked"
    from users where id = ${id}`;
  return rows[0];
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
           revoked_at as "revokedAt",
           exists (select 1 from refresh_tokens f where f.family_id = refresh_tokens.family_id and f.revoked_at is not null) as "familyRevoked"
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


export type ClaimResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one login attempt on every key, or none when any key must still wait: one transaction that locks the
 * keys' rows (in key order, so two claims never deadlock), so parallel attempts are counted one after another.
 */
export function claimLoginAttempt(sql: Sql, keys: ThrottleKey[]): Promise<ClaimResult> {
  const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : 1));
  return sql.begin(async (tx): Promise<ClaimResult> => {
    await tx`insert into login_throttle ${tx(sorted.map(({ key }) => ({ key })), 'key')} on conflict (key) do nothing`;
    const rows = await tx<{ key: string; attempts: number; idleSeconds: number; blockedForSeconds: number }[]>`
      select key, attempts,
             extract(epoch from now() - last_attempt_at)::float8 as "idleSeconds",
             coalesce(extract(epoch from blocked_until - now()), 0)::float8 as "blockedForSeconds"
      from login_throttle where key in ${tx(sorted.map(({ key }) => key))}
      order by key for update`;
    const wait = Math.max(0, ...rows.map(waitSeconds));
    if (wait > 0) return { allowed: false, retryAfterSeconds: wait };
    for (const { key, rule } of sorted) {
      const state = rows.find((row) => row.key === key) ?? { attempts: 0, idleSeconds: 0, blockedForSeconds: 0 };
      const next = afterAttempt(state, rule);
      await tx`
        update login_throttle
        set attempts = ${next.attempts}, last_attempt_at = now(),
            blocked_until = case when ${next.blockSeconds}::float8 > 0 then now() + make_interval(secs => ${next.blockSeconds}) end
        where key = ${key}`;
    }
    return { allowed: true };
  });
}

/** After a success: the (address, email) counter is cleared; the address counter gets this attempt back. */
export async function releaseLoginAttempt(sql: Sql, keys: ThrottleKey[]) {
  const [address, account] = keys;
  if (account) await sql`delete from login_throttle where key = ${account.key}`;
  if (address) {
    await sql`
      update login_throttle
      set attempts = greatest(attempts - 1, 0),
          blocked_until = case when attempts - 1 < ${address.rule.free} then null else blocked_until end
      where key = ${address.key}`;
  }
}
