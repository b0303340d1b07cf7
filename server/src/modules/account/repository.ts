/** postgres.js queries of account self-service: the account's secrets, what its deletion erases, the erasure. */
import type { Sql } from '../../db/client.ts';
import type { DeletionImpact } from '@shared/account/schemas.ts';

export async function findCredentials(sql: Sql, userId: string) {
  const rows = await sql<{ email: string; passwordHash: string }[]>`
    select email, password_hash as "passwordHash" from users where id = ${userId}`;
  return rows[0];
}

export async function setPasswordHash(sql: Sql, userId: string, passwordHash: string) {
  await sql`update users set password_hash = ${passwordHash}, updated_at = now() where id = ${userId}`;
}

/**
 * The person's devices of ended sessions stop receiving pushes, in every workspace (a subscription is the member's;
 * one without a member is its workspace founder's); `keepSessionId`'s keep theirs.
 */
export async function forgetPushSubscriptions(sql: Sql, userId: string, keepSessionId?: string) {
  await sql`
    delete from push_subscriptions
    where coalesce(member_id, user_id) = ${userId}
      and (${keepSessionId ?? null}::uuid is null or session_id is distinct from ${keepSessionId ?? null}::uuid)`;
}

export async function countOwned(sql: Sql, userId: string): Promise<DeletionImpact> {
  const rows = await sql<DeletionImpact[]>`
    select (select count(*) from bots where user_id = ${userId})::int as bots,
           (select count(*) from contacts where user_id = ${userId})::int as contacts,
           (select count(*) from conversations where user_id = ${userId})::int as conversations,
           (select count(*) from messages where user_id = ${userId})::int as messages,
           (select count(*) from flows where user_id = ${userId})::int as flows,
           (select count(*) from broadcasts where user_id = ${userId})::int as broadcasts,
           (select count(*) from funnels where user_id = ${userId})::int as funnels,
           (select count(*) from meta_pixels where user_id = ${userId})::int as pixels,
           (select count(*) from media_files where user_id = ${userId})::int as "mediaFiles"`;
  const [impact] = rows;
  if (!impact) throw new Error('count query returned no row');
  return impact;
}

/** Switches every bot of the account off (the polling trigger tells the other instances); their ids. */
export async function switchOffBots(sql: Sql, userId: string): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    update bots set is_active = false, updated_at = now() where user_id = ${userId} returning id`;
  return rows.map((row) => row.id);
}

/**
 * Erases the account in one transaction: the users row, and through its foreign keys (all `on delete cascade`)
 * every row it owns; then what refers to it without a foreign key: its jobs (those of its bots go with each bot, by
 * trigger; those naming its broadcasts or pixels are found before the cascade) and the throttle counters that name
 * it or its e-mail. False when the account was already gone.
 */
export function eraseAccount(sql: Sql, userId: string, email: string): Promise<boolean> {
  return sql.begin(async (tx) => {
    await tx`
      delete from jobs
      where tenant = ${userId}
         or payload->>'broadcastId' in (select id::text from broadcasts where user_id = ${userId})
         or payload->>'pixelId' in (select id::text from meta_pixels where user_id = ${userId})`;
    const gone = await tx`delete from users where id = ${userId} returning id`;
    await tx`
      delete from login_throttle
      where key in (${`password-confirmation:${userId}`}, ${`password-confirmations:${userId}`})
         or (key like 'account:%' and right(key, ${email.length + 1}) = ${`:${email}`})`;
    return gone.length > 0;
  });
}
