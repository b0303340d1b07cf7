/**
 * The e-mail confirmation exchange in the bot's chat (migration 0860): one row per (bot, Telegram user) while it
 * lasts, the codes asked for (throttling), and the accesses an e-mail may link. Every query names the bot.
 */
import type { Queryable } from '../../db/client.ts';
import type { MemberRow } from './member-repository.ts';

export type LinkRequest = { botId: string; telegramId: bigint; userId: string; step: 'email' | 'code'; email: string | null; codeHash: string | null; attempts: number; expired: boolean };

/** The bot's workspace when it has an active plan (the exchange is offered only then). */
export async function botWithActivePlan(sql: Queryable, botId: string) {
  const rows = await sql<{ userId: string }[]>`
    select p.user_id as "userId" from access_plans p where p.bot_id = ${botId} and p.active and p.archived_at is null limit 1`;
  return rows[0];
}

export async function startRequest(sql: Queryable, input: { botId: string; telegramId: number; userId: string; minutes: number }) {
  await sql`
    insert into access_link_requests (bot_id, telegram_id, user_id, step, expires_at)
    values (${input.botId}, ${input.telegramId}, ${input.userId}, 'email', now() + make_interval(mins => ${input.minutes}))
    on conflict (bot_id, telegram_id) do update set step = 'email', email = null, code_hash = null, attempts = 0,
      expires_at = excluded.expires_at, user_id = excluded.user_id, created_at = now()`;
}

export async function lockRequest(sql: Queryable, botId: string, telegramId: number) {
  const rows = await sql<LinkRequest[]>`
    select bot_id as "botId", telegram_id as "telegramId", user_id as "userId", step, email, code_hash as "codeHash", attempts,
      (expires_at <= now()) as expired
    from access_link_requests where bot_id = ${botId} and telegram_id = ${telegramId} for update`;
  return rows[0];
}

export async function awaitCode(sql: Queryable, botId: string, telegramId: number, email: string, minutes: number) {
  await sql`
    update access_link_requests set step = 'code', email = ${email}, code_hash = null, attempts = 0,
      expires_at = now() + make_interval(mins => ${minutes})
    where bot_id = ${botId} and telegram_id = ${telegramId}`;
}

export async function setCodeHash(sql: Queryable, botId: string, telegramId: number, email: string, codeHash: string) {
  const rows = await sql`
    update access_link_requests set code_hash = ${codeHash}
    where bot_id = ${botId} and telegram_id = ${telegramId} and step = 'code' and email = ${email} and expires_at > now()
    returning 1`;
  return rows.length === 1;
}

export async function countAttempt(sql: Queryable, botId: string, telegramId: number) {
  await sql`update access_link_requests set attempts = attempts + 1 where bot_id = ${botId} and telegram_id = ${telegramId}`;
}

export async function endRequest(sql: Queryable, botId: string, telegramId: number) {
  await sql`delete from access_link_requests where bot_id = ${botId} and telegram_id = ${telegramId}`;
}

/** Codes asked for in the last hour by this Telegram user of this bot, and for this e-mail from anywhere. */
export async function recentSends(sql: Queryable, botId: string, telegramId: number, emailHash: string) {
  // One e-mail's counter is serialized across bots and instances for the rest of the caller's transaction.
  await sql`select pg_advisory_xact_lock(hashtext(${`access-link:${emailHash}`}))`;
  const [row] = await sql<{ byUser: number; byEmail: number }[]>`
    select
      (select count(*)::int from access_link_sends where bot_id = ${botId} and telegram_id = ${telegramId} and created_at > now() - interval '1 hour') as "byUser",
      (select count(*)::int from access_link_sends where email_hash = ${emailHash} and created_at > now() - interval '1 hour') as "byEmail"`;
  return row ?? { byUser: 0, byEmail: 0 };
}

/** Rows older than the hour they are counted in go as new ones come: the table holds about one hour. */
export async function recordSend(sql: Queryable, input: { userId: string; botId: string; telegramId: number; emailHash: string }) {
  await sql`
    delete from access_link_sends where created_at <= now() - interval '1 hour'
      and ((bot_id = ${input.botId} and telegram_id = ${input.telegramId}) or email_hash = ${input.emailHash})`;
  await sql`
    insert into access_link_sends (user_id, bot_id, telegram_id, email_hash)
    values (${input.userId}, ${input.botId}, ${input.telegramId}, ${input.emailHash})`;
}

/** Accesses bought with `email` on this bot's active plans, without a Telegram account (the caller keeps the holding ones). */
export async function linkableByEmail(sql: Queryable, botId: string, email: string, lock: boolean) {
  return sql<(MemberRow & { planActive: boolean })[]>`
    select m.id, m.user_id as "userId", m.plan_id as "planId", p.name as "planName", b.username as "botUsername", p.bot_id as "botId",
      m.status, m.email, m.name, m.phone, m.telegram_id as "telegramId", m.contact_id as "contactId", m.source,
      m.transaction_id as "transactionId", m.subscription_id as "subscriptionId", m.claim_code as "claimCode",
      m.claim_expires_at as "claimExpiresAt", m.access_until as "accessUntil", m.amount_cents as "amountCents", m.currency,
      m.created_at as "createdAt", p.active as "planActive"
    from access_members m join access_plans p on p.id = m.plan_id join bots b on b.id = p.bot_id
    where p.bot_id = ${botId} and p.active and p.archived_at is null and lower(m.email) = ${email} and m.telegram_id is null
      and m.status in ('AWAITING_LINK', 'ACTIVE', 'GRACE', 'CANCELED')
    order by m.created_at
    ${lock ? sql`for update of m` : sql``}`;
}

export async function botUsername(sql: Queryable, botId: string) {
  const rows = await sql<{ username: string }[]>`select username from bots where id = ${botId}`;
  return rows[0]?.username;
}
