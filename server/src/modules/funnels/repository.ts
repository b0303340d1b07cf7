/**
 * Funnel rows, always scoped by the owner (docs/decisions.md#d-api-conventions), and the references a funnel takes
 * (bot, channel, pixel) read with the same scope so another user's id is simply "not found".
 */
import { FUNNEL_LIMITS } from '@shared/funnels/schemas.ts';
import { notTrashedBot } from '../../db/live-bots.ts';
import type { Queryable } from '../../db/client.ts';
import { localDaySeries } from '../../db/local-days.ts';

export type FunnelFields = {
  name: string;
  description: string | null;
  landingUrl: string | null;
  requireApproval: boolean;
  pixelIntegrationId: string | null;
  isActive: boolean;
};

export type FunnelRow = FunnelFields & {
  id: string;
  publicId: string;
  userId: string;
  botId: string;
  channelId: string;
  inviteLink: string;
  createdAt: Date;
  updatedAt: Date;
  botName: string;
  botUsername: string;
  chatId: bigint;
  channelName: string;
  channelUsername: string | null;
  pixelName: string | null;
  pixelId: string | null;
  todayPageviews: number;
  todayClicks: number;
  todayEntries: number;
  todayExits: number;
  recentPageviews: number;
  recentClicks: number;
  recentEntries: number;
};

/**
 * Today's counts are UTC days on the list (shared/funnels/schemas.ts funnelSchema.todayMetrics); the conversion's are
 * the last CONVERSION_DAYS × 24 h, one range scan of the (funnel, time, kind) index for both.
 */
const select = (sql: Queryable) => sql`
  select f.id, f.public_id as "publicId", f.user_id as "userId", f.bot_id as "botId", f.channel_id as "channelId",
         f.name, f.description, f.landing_url as "landingUrl", f.require_approval as "requireApproval",
         f.pixel_integration_id as "pixelIntegrationId", f.is_active as "isActive", f.invite_link as "inviteLink",
         f.created_at as "createdAt", f.updated_at as "updatedAt",
         b.name as "botName", b.username as "botUsername", c.chat_id as "chatId", c.title as "channelName",
         c.username as "channelUsername", p.name as "pixelName", p.pixel_id as "pixelId",
         coalesce(t.pageviews, 0) as "todayPageviews", coalesce(t.clicks, 0) as "todayClicks",
         coalesce(t.entries, 0) as "todayEntries", coalesce(t.exits, 0) as "todayExits",
         coalesce(t.recent_pageviews, 0) as "recentPageviews", coalesce(t.recent_clicks, 0) as "recentClicks",
         coalesce(t.recent_entries, 0) as "recentEntries"
  from funnels f
  join bots b on b.id = f.bot_id
  join channels c on c.id = f.channel_id
  left join meta_pixels p on p.id = f.pixel_integration_id
  left join lateral (
    select count(*) filter (where e.kind = 'pageview' and e.occurred_at >= d.today)::int as pageviews,
           count(*) filter (where e.kind = 'click' and e.occurred_at >= d.today)::int as clicks,
           count(*) filter (where e.kind = 'entry' and e.occurred_at >= d.today)::int as entries,
           count(*) filter (where e.kind = 'exit' and e.occurred_at >= d.today)::int as exits,
           count(*) filter (where e.kind = 'pageview')::int as recent_pageviews, count(*) filter (where e.kind = 'click')::int as recent_clicks,
           count(*) filter (where e.kind = 'entry')::int as recent_entries
    from funnel_events e,
         (select date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' as today) d
    where e.funnel_id = f.id
      and e.occurred_at >= now() - make_interval(days => ${FUNNEL_LIMITS.conversionDays}::int)
  ) t on true`;

export async function listFunnels(sql: Queryable, userId: string) {
  return sql<FunnelRow[]>`${select(sql)} where f.user_id = ${userId} and b.deleted_at is null order by f.created_at desc, f.id`;
}

export async function findFunnel(sql: Queryable, userId: string, id: string) {
  const rows = await sql<FunnelRow[]>`${select(sql)} where f.id = ${id} and f.user_id = ${userId} and b.deleted_at is null`;
  return rows[0];
}

export type OwnedBot = { id: string; name: string; username: string; isActive: boolean };

export async function findOwnedBot(sql: Queryable, userId: string, botId: string) {
  const rows = await sql<OwnedBot[]>`
    select id, name, username, is_active as "isActive" from bots where id = ${botId} and user_id = ${userId} and deleted_at is null`;
  return rows[0];
}

export type OwnedChannel = { id: string; botId: string; chatId: bigint; canInviteUsers: boolean };

export async function findOwnedChannel(sql: Queryable, userId: string, channelId: string) {
  const rows = await sql<OwnedChannel[]>`
    select id, bot_id as "botId", chat_id as "chatId", coalesce((bot_rights ->> 'canInviteUsers')::boolean, false) as "canInviteUsers"
    from channels where id = ${channelId} and user_id = ${userId} and ${notTrashedBot(sql, userId, 'bot_id')}`;
  return rows[0];
}

export async function pixelOwned(sql: Queryable, userId: string, pixelId: string) {
  const rows = await sql`select 1 from meta_pixels where id = ${pixelId} and user_id = ${userId}`;
  return rows.length > 0;
}

export async function insertFunnel(
  sql: Queryable,
  row: FunnelFields & { id: string; userId: string; botId: string; channelId: string; inviteLink: string },
) {
  await sql`
    insert into funnels (id, user_id, bot_id, channel_id, name, description, landing_url, require_approval,
                         pixel_integration_id, is_active, invite_link)
    values (${row.id}, ${row.userId}, ${row.botId}, ${row.channelId}, ${row.name}, ${row.description}, ${row.landingUrl},
            ${row.requireApproval}, ${row.pixelIntegrationId}, ${row.isActive}, ${row.inviteLink})`;
}

export async function updateFunnel(sql: Queryable, userId: string, id: string, fields: FunnelFields) {
  await sql`
    update funnels set name = ${fields.name}, description = ${fields.description}, landing_url = ${fields.landingUrl},
      require_approval = ${fields.requireApproval}, pixel_integration_id = ${fields.pixelIntegrationId},
      is_active = ${fields.isActive}, updated_at = now()
    where id = ${id} and user_id = ${userId} and ${notTrashedBot(sql, userId, 'bot_id')}`;
}

export async function deleteFunnel(sql: Queryable, userId: string, id: string) {
  const rows = await sql`delete from funnels where id = ${id} and user_id = ${userId} and ${notTrashedBot(sql, userId, 'bot_id')} returning id`;
  return rows.length > 0;
}

export type MetricsDayRow = { date: string; pageviews: number; clicks: number; entries: number; exits: number };

/**
 * One row per day of the window in `timeZone`, oldest first, days without events as zeros. The window's start is
 * local midnight `days - 1` days before today, turned back into an instant so the index range scan is exact.
 */
export async function dailyMetrics(sql: Queryable, funnelId: string, days: number, timeZone: string) {
  return sql<MetricsDayRow[]>`
    with ${localDaySeries(sql, days, timeZone)},
    counted as (
      select (e.occurred_at at time zone ${timeZone})::date as day,
             count(*) filter (where e.kind = 'pageview')::int as pageviews, count(*) filter (where e.kind = 'click')::int as clicks,
             count(*) filter (where e.kind = 'entry')::int as entries, count(*) filter (where e.kind = 'exit')::int as exits
      from funnel_events e, bounds
      where e.funnel_id = ${funnelId}
        and e.occurred_at >= ((bounds.today - (${days}::int - 1))::timestamp at time zone ${timeZone})
      group by 1
    )
    select to_char(s.day, 'YYYY-MM-DD') as date, coalesce(c.pageviews, 0) as pageviews, coalesce(c.clicks, 0) as clicks,
           coalesce(c.entries, 0) as entries, coalesce(c.exits, 0) as exits
    from series s left join counted c on c.day = s.day
    order by s.day`;
}

/** Charges of accesses whose buyer came through the funnel (their access names the visit), by local day. */
export async function dailySales(sql: Queryable, funnelId: string, days: number, timeZone: string) {
  return sql<{ date: string; purchases: number; revenueCents: number }[]>`
    with ${localDaySeries(sql, days, timeZone)},
    counted as (
      select (p.paid_at at time zone ${timeZone})::date as day, count(*)::int as purchases,
             coalesce(sum(p.amount_cents) filter (where p.currency = 'BRL'), 0)::float8 as revenue
      from access_payments p
      join access_members m on m.id = p.member_id
      join funnel_visits v on v.visit_id = m.funnel_visit_id and v.funnel_id = ${funnelId}, bounds
      where p.user_id = (select user_id from funnels where id = ${funnelId})
        and p.paid_at >= ((bounds.today - (${days}::int - 1))::timestamp at time zone ${timeZone})
      group by 1
    )
    select to_char(s.day, 'YYYY-MM-DD') as date, coalesce(c.purchases, 0) as purchases, coalesce(c.revenue, 0) as "revenueCents"
    from series s left join counted c on c.day = s.day
    order by s.day`;
}

export async function leadCounts(sql: Queryable, funnelId: string) {
  const rows = await sql<{ totalLeads: number; activeLeads: number }[]>`
    select count(distinct contact_id)::int as "totalLeads",
           count(distinct contact_id) filter (where left_at is null)::int as "activeLeads"
    from funnel_entries where funnel_id = ${funnelId}`;
  return rows[0] ?? { totalLeads: 0, activeLeads: 0 };
}
