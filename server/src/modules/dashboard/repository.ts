/**
 * The dashboard's figures, always scoped by the owner. The daily series sums the 15-minute slots of
 * activity_counts (migration 0660) by the caller's local day; the "agora" figures count live rows through partial
 * indexes.
 */
import { UNREAD_CONVERSATIONS_CAP, type ActivityDay, type ActivityNow } from '@shared/dashboard/schemas.ts';
import { notTrashedBot } from '../../db/live-bots.ts';
import type { Queryable } from '../../db/client.ts';
import { localDaySeries } from '../../db/local-days.ts';

/**
 * One row per day of the window in `timeZone`, oldest first, every day present. The window starts at local
 * midnight `days - 1` days before today, turned back into an instant so the slot range is exact.
 */
export function dailyActivity(sql: Queryable, userId: string, days: number, timeZone: string) {
  return sql<ActivityDay[]>`
    with ${localDaySeries(sql, days, timeZone)},
    counted as (
      select (a.slot at time zone ${timeZone})::date as day,
             sum(a.messages_received) as received, sum(a.messages_sent) as sent, sum(a.new_contacts) as contacts,
             sum(a.channel_joins) as joins, sum(a.channel_leaves) as leaves, sum(a.broadcast_sent) as broadcast_sent,
             sum(a.broadcast_failed) as broadcast_failed, sum(a.funnel_entries) as funnel_entries
      from activity_counts a, bounds
      where a.user_id = ${userId}
        and a.slot >= ((bounds.today - (${days}::int - 1))::timestamp at time zone ${timeZone})
      group by 1
    ),
    ${accessesInForce(sql, userId, timeZone)},
    revenue as (
      select (p.paid_at at time zone ${timeZone})::date as day, sum(p.amount_cents) as cents
      from access_payments p, bounds
      where p.user_id = ${userId} and p.currency = 'BRL'
        and p.paid_at >= ((bounds.today - (${days}::int - 1))::timestamp at time zone ${timeZone})
      group by 1
    )
    select to_char(s.day, 'YYYY-MM-DD') as date,
           coalesce(c.received, 0)::int as "messagesReceived", coalesce(c.sent, 0)::int as "messagesSent",
           coalesce(c.contacts, 0)::int as "newContacts", coalesce(c.joins, 0)::int as "channelJoins",
           coalesce(c.leaves, 0)::int as "channelLeaves", coalesce(c.broadcast_sent, 0)::int as "broadcastSent",
           coalesce(c.broadcast_failed, 0)::int as "broadcastFailed", coalesce(c.funnel_entries, 0)::int as "funnelEntries",
           coalesce((select r.cents from revenue r where r.day = s.day), 0)::float8 as "revenueCents",
           (select coalesce(sum(d.delta), 0) from access_deltas d where d.day <= s.day)::int as "activeAccesses"
    from series s left join counted c on c.day = s.day
    order by s.day`;
}

/**
 * Accesses in force at the end of each day: +1 on the local day an access began, -1 on the day it ended, summed up to
 * that day. Grouped by day first, so each day of the window sums at most one row per day the workspace sold on.
 */
const accessesInForce = (sql: Queryable, userId: string, timeZone: string) => sql`
    access_deltas as (
      select day, sum(delta) as delta from (
        select (m.created_at at time zone ${timeZone})::date as day, 1 as delta from access_members m where m.user_id = ${userId}
        union all
        select (m.ended_at at time zone ${timeZone})::date, -1 from access_members m where m.user_id = ${userId} and m.ended_at is not null
      ) changes group by day
    )`;

export async function activityNow(sql: Queryable, userId: string): Promise<ActivityNow> {
  const [row] = await sql<ActivityNow[]>`
    select
      (select count(*) from (
        select 1 from conversations
        where user_id = ${userId} and unread_count > 0 and ${notTrashedBot(sql, userId, 'bot_id')} limit ${UNREAD_CONVERSATIONS_CAP}) unread)::int as "unreadConversations",
      (select count(*) from broadcasts where user_id = ${userId} and status = 'SENDING' and ${notTrashedBot(sql, userId, 'bot_id')})::int as "broadcastsSending",
      (select count(*) from pixel_events
        where user_id = ${userId} and (status = 'failed' or (status <> 'sent' and last_error is not null)))::int as "pixelEventsFailing"`;
  return row ?? { unreadConversations: 0, broadcastsSending: 0, pixelEventsFailing: 0 };
}
