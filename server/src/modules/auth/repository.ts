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
  /** The workspace the session acts in (null: the account's own, sessions made before workspaces). */
  workspaceId: string | null;
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

export type SessionUserRow = UserRow & {
  sessionRevoked: boolean;
  /** The member's role in the workspace now and that workspace's name; null when not (or no longer) a member. */
  role: string | null;
  workspaceName: string | null;
};

/** The account, whether the session (a refresh family) was signed out, and the role in the workspace, in one round trip. */
export async function findSessionUser(sql: Sql, id: string, familyId: string, workspaceId: string) {
  const rows = await sql<SessionUserRow[]>`
    select u.id, u.name, u.email, u.password_hash as "passwordHash", u.created_at as "createdAt",
           exists (select 1 from refresh_tokens where family_id = ${familyId} and revoked_at is not null) as "sessionRevoked",
           m.role, w.name as "workspaceName"
    from users u
    left join workspace_members m on m.workspace_id = ${workspaceId} and m.user_id = u.id
    left join workspaces w on w.id = m.workspace_id
    where u.id = ${id}`;
  return rows[0];
}

export async function insertRefreshToken(
  sql: Queryable,
  token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date; workspaceId: string },
) {
  await sql`
    insert into refresh_tokens (user_id, family_id, token_hash, expires_at, workspace_id)
    values (${token.userId}, ${token.familyId}, ${token.tokenHash}, ${token.expiresAt}, ${token.workspaceId})`;
}

export async function findRefreshToken(sql: Sql, tokenHash: string) {
  const rows = await sql<RefreshRow[]>`
    select id, user_id as "userId", family_id as "familyId", expires_at as "expiresAt",
           rotated_at as "rotatedAt", extract(epoch from now() - rotated_at)::float8 as "rotatedSecondsAgo",
           revoked_at as "revokedAt", workspace_id as "workspaceId",
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

/**
 * Signs out every session (refresh family) of the user, except `keepFamilyId`'s: their refresh tokens stop rotating
 * and their access tokens fail the session check (findSessionUser) on the next request.
 */
export async function revokeUserSessions(sql: Sql, userId: string, keepFamilyId?: string) {
  await sql`
    update refresh_tokens set revoked_at = now()
    where user_id = ${userId} and revoked_at is null
      and (${keepFamilyId ?? null}::uuid is null or family_id <> ${keepFamilyId ?? null}::uuid)`;
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
