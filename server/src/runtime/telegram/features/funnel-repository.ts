/**
 * Attribution writes of funnels (features/funnels.ts, docs/decisions.md#funnel-tracking). Every function takes the
 * caller's transaction: an entry, its counted event and its Conversions API event commit together or not at all.
 */
import type { Queryable } from '../../../db/client.ts';

/** The funnel (and visit, for a per-visit link) an invite link of this bot's chat belongs to. */
export type LinkOwner = { funnelId: string; visitId: string | null };

export async function findLinkOwner(sql: Queryable, botId: string, chatId: number, link: string) {
  const rows = await sql<LinkOwner[]>`
    select f.id as "funnelId", null::uuid as "visitId"
    from funnels f join channels c on c.id = f.channel_id
    where f.bot_id = ${botId} and f.invite_link = ${link} and c.chat_id = ${chatId} and f.is_active
    union all
    select v.funnel_id, v.visit_id
    from funnel_visits v join funnels f on f.id = v.funnel_id join channels c on c.id = f.channel_id
    where v.invite_link = ${link} and f.bot_id = ${botId} and c.chat_id = ${chatId} and f.is_active
    limit 1`;
  return rows[0];
}

export async function rememberJoinRequest(sql: Queryable, botId: string, chatId: number, telegramUserId: number, owner: LinkOwner) {
  await sql`
    insert into funnel_join_requests (bot_id, chat_id, telegram_user_id, funnel_id, visit_id)
    values (${botId}, ${chatId}, ${telegramUserId}, ${owner.funnelId}, ${owner.visitId})
    on conflict (bot_id, chat_id, telegram_user_id) do update set
      funnel_id = excluded.funnel_id, visit_id = excluded.visit_id, requested_at = now()`;
}

export async function pendingJoinRequest(sql: Queryable, botId: string, chatId: number, telegramUserId: number) {
  const rows = await sql<LinkOwner[]>`
    select r.funnel_id as "funnelId", r.visit_id as "visitId"
    from funnel_join_requests r join funnels f on f.id = r.funnel_id and f.is_active
    where r.bot_id = ${botId} and r.chat_id = ${chatId} and r.telegram_user_id = ${telegramUserId}`;
  return rows[0];
}

export type JoiningUser = { telegramId: number; firstName: string; lastName: string | null; username: string | null; languageCode: string | null };

/** The contact of the member (the journal, flushed just before, normally wrote it already; otherwise made here). */
export async function contactIdFor(sql: Queryable, botId: string, user: JoiningUser, at: Date) {
  await sql`
    insert into contacts (bot_id, telegram_id, first_name, last_name, username, language_code, last_interaction_at)
    values (${botId}, ${user.telegramId}, ${user.firstName}, ${user.lastName}, ${user.username}, ${user.languageCode}, ${at})
    on conflict (bot_id, telegram_id) do nothing`;
  const rows = await sql<{ id: string }[]>`select id from contacts where bot_id = ${botId} and telegram_id = ${user.telegramId}`;
  return rows[0]?.id;
}

/** The entry, or undefined when this join was recorded already (the same update handled twice). */
export async function insertEntry(sql: Queryable, owner: LinkOwner, contactId: string, at: Date, telegramUserId: number, botId: string, chatId: number) {
  const rows = await sql<{ id: string }[]>`
    insert into funnel_entries (funnel_id, contact_id, visit_id, entered_at)
    values (${owner.funnelId}, ${contactId}, ${owner.visitId}, ${at})
    on conflict (funnel_id, contact_id, entered_at) do nothing
    returning id`;
  if (rows.length === 0) return undefined;
  await sql`
    insert into funnel_events (funnel_id, kind, visit_id, contact_id, dedupe_key, occurred_at)
    values (${owner.funnelId}, 'entry', ${owner.visitId}, ${contactId}, ${`in:${contactId}:${at.toISOString()}`}, ${at})
    on conflict (funnel_id, dedupe_key) do nothing`;
  await sql`delete from funnel_join_requests where bot_id = ${botId} and chat_id = ${chatId} and telegram_user_id = ${telegramUserId}`;
  return rows[0]?.id;
}

/** Closes the member's open entries of this bot's funnels on this chat; answers the funnels (and visits) left. */
export async function closeEntries(sql: Queryable, botId: string, chatId: number, telegramUserId: number, at: Date) {
  const rows = await sql<{ funnelId: string; visitId: string | null; contactId: string }[]>`
    update funnel_entries e set left_at = ${at}
    from funnels f, channels c, contacts k
    where f.id = e.funnel_id and c.id = f.channel_id and k.id = e.contact_id
      and f.bot_id = ${botId} and c.chat_id = ${chatId} and k.bot_id = ${botId} and k.telegram_id = ${telegramUserId}
      and e.left_at is null and e.entered_at <= ${at}
    returning e.funnel_id as "funnelId", e.visit_id as "visitId", e.contact_id as "contactId"`;
  for (const row of rows) {
    await sql`
      insert into funnel_events (funnel_id, kind, visit_id, contact_id, dedupe_key, occurred_at)
      values (${row.funnelId}, 'exit', ${row.visitId}, ${row.contactId}, ${`out:${row.contactId}:${at.toISOString()}`}, ${at})
      on conflict (funnel_id, dedupe_key) do nothing`;
  }
  return rows;
}

/** What a Conversions API event of this funnel needs: its owner and pixel, and the matched visit's facts. */
export type PixelContext = {
  userId: string;
  pixelId: string | null;
  url: string | null;
  fbp: string | null;
  fbc: string | null;
  ip: string | null;
  userAgent: string | null;
};

export async function pixelContext(sql: Queryable, funnelId: string, visitId: string | null) {
  const rows = await sql<PixelContext[]>`
    select f.user_id as "userId", f.pixel_integration_id as "pixelId", nullif(v.last_url, '') as url, v.fbp, v.fbc, v.ip,
           v.user_agent as "userAgent"
    from funnels f left join funnel_visits v on v.funnel_id = f.id and v.visit_id = ${visitId}::uuid
    where f.id = ${funnelId}`;
  return rows[0];
}
