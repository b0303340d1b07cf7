/** postgres.js queries of password reset links. Times come from the database clock, the one every instance shares. */
import type { Queryable } from '../../../db/client.ts';

export type ResetTokenRow = { id: string; userId: string; email: string; used: boolean; expired: boolean };
export type AccountRow = { id: string; name: string; email: string };

export async function findAccountById(sql: Queryable, userId: string): Promise<AccountRow | undefined> {
  const rows = await sql<AccountRow[]>`select id, name, email from users where id = ${userId}`;
  return rows[0];
}

/** Stores a new link's token hash, and forgets the account's links that expired more than a day ago. */
export async function insertResetToken(sql: Queryable, token: { userId: string; tokenHash: string; ttlMinutes: number }) {
  await sql`delete from password_reset_tokens where user_id = ${token.userId} and expires_at < now() - interval '1 day'`;
  await sql`
    insert into password_reset_tokens (user_id, token_hash, expires_at)
    values (${token.userId}, ${token.tokenHash}, now() + make_interval(mins => ${token.ttlMinutes}))`;
}

export async function findResetToken(sql: Queryable, tokenHash: string): Promise<ResetTokenRow | undefined> {
  const rows = await sql<ResetTokenRow[]>`
    select t.id, t.user_id as "userId", u.email, t.used_at is not null as used, t.expires_at <= now() as expired
    from password_reset_tokens t join users u on u.id = t.user_id
    where t.token_hash = ${tokenHash}`;
  return rows[0];
}

/** Claims a link for its one use: false when it was used (by a parallel request too) or has expired meanwhile. */
export async function useResetToken(sql: Queryable, id: string): Promise<boolean> {
  const rows = await sql`
    update password_reset_tokens set used_at = now()
    where id = ${id} and used_at is null and expires_at > now()
    returning id`;
  return rows.length === 1;
}

/**
 * The new password, and what goes with the old one: the account's other links stop working, and the login throttle
 * counters of its e-mail are cleared (proving the mailbox is worth more than the failed guesses that led here).
 */
export async function replacePassword(sql: Queryable, account: { userId: string; email: string; passwordHash: string }) {
  await sql`update users set password_hash = ${account.passwordHash}, updated_at = now() where id = ${account.userId}`;
  await sql`update password_reset_tokens set used_at = now() where user_id = ${account.userId} and used_at is null`;
  await sql`
    delete from login_throttle
    where key like 'account:%' and right(key, ${account.email.length + 1}) = ${`:${account.email.toLowerCase()}`}`;
}
