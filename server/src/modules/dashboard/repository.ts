/**
 * The dashboard's figures, always scoped by the owner. The daily series sums the 15-minute slots of
 * activity_counts (migration 0660) by the caller's local day; the "agora" figures count live rows through partial
 * indexes.
 */
import { UNREAD_CONVERSATIONS_CAP, type ActivityDay, type ActivityNow } from '@shared/dashboard/schemas.ts';
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
    )
    select to_char(s.day, 'YYYY-MM-DD') as date,
           coalesce(c.received, 0)::int as "messagesReceived", coalesce(c.sent, 0)::int as "messagesSent",
           coalesce(c.contacts, 0)::int as "newContacts", coalesce(c.joins, 0)::int as "channelJoins",
           coalesce(c.leaves, 0)::int as "channelLeaves", coalesce(c.broadcast_sent, 0)::int as "broadcastSent",
           coalesce(c.broadcast_failed, 0)::int as "broadcastFailed", coalesce(c.funnel_entries, 0)::int as "funnelEntries"
    from series s left join counted c on c.day = s.day
    order by s.day`;
}

export async function activityNow(sql: Queryable, userId: string): Promise<ActivityNow> {
  const [row] = await sql<ActivityNow[]>`
    select
      (select count(*) from (
        select 1 from conversations where user_id = ${userId} and unread_count > 0 limit ${UNREAD_CONVERSATIONS_CAP}) unread)::int as "unreadConversations",
      (select count(*) from broadcasts where user_id = ${userId} and status = 'SENDING')::int as "broadcastsSending",
      (select count(*) from pixel_events
        where user_id = ${userId} and (status = 'failed' or (status <> 'sent' and last_error is not null)))::int as "pixelEventsFailing"`;
  return row ?? { unreadConversations: 0, broadcastsSending: 0, pixelEventsFailing: 0 };
}
