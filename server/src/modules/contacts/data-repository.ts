/**
 * Everything the account holds about one contact (LGPD export), table by table. A contact is (bot, Telegram user):
 * rows keyed by contact_id, and rows keyed by the bot and the Telegram id (flow runs, join requests, memberships,
 * delivery failures, broadcast recipients, pixel events). The contact's ownership is checked before any of these.
 */
import type { Queryable } from '../../db/client.ts';

export type ContactKey = { id: string; botId: string; telegramId: bigint };

export type ContactDataRow = ContactKey & {
  firstName: string; lastName: string | null; username: string | null; isBot: boolean; languageCode: string | null;
  phoneNumber: string | null; messageCount: number; lastInteractionAt: Date; createdAt: Date; updatedAt: Date;
  blockedAt: Date | null; botName: string; botUsername: string;
};

/** The user's contact, locked when `lock` (an erasure holds it until its commit). */
export async function findContactData(sql: Queryable, userId: string, contactId: string, lock = false) {
  const rows = await sql<ContactDataRow[]>`
    select c.id, c.bot_id as "botId", c.telegram_id as "telegramId", c.first_name as "firstName", c.last_name as "lastName",
           c.username, c.is_bot as "isBot", c.language_code as "languageCode", c.phone_number as "phoneNumber",
           c.message_count as "messageCount", c.last_interaction_at as "lastInteractionAt", c.created_at as "createdAt",
           c.updated_at as "updatedAt", c.blocked_at as "blockedAt", b.name as "botName", b.username as "botUsername"
    from contacts c join bots b on b.id = c.bot_id
    where c.id = ${contactId} and c.user_id = ${userId}
    ${lock ? sql`for update of c` : sql``}`;
  return rows[0];
}

export function contactMessages(sql: Queryable, contactId: string) {
  return sql<{
    id: string; direction: 'in' | 'out'; source: string; type: string; text: string | null; payload: unknown; buttons: unknown;
    status: string; error: string | null; chatId: bigint; telegramMessageId: bigint | null; readAt: Date | null; createdAt: Date;
  }[]>`
    select uid as id, direction, source, type, text, payload, buttons, status, error, chat_id as "chatId",
           telegram_message_id as "telegramMessageId", read_at as "readAt", created_at as "createdAt"
    from messages where contact_id = ${contactId} order by created_at, id`;
}

export function contactNotes(sql: Queryable, contactId: string) {
  return sql<{ id: string; text: string; authorId: string | null; authorName: string | null; createdAt: Date }[]>`
    select n.id, n.text, n.author_id as "authorId", u.name as "authorName", n.created_at as "createdAt"
    from conversation_notes n left join users u on u.id = n.author_id
    where n.contact_id = ${contactId} order by n.created_at, n.id`;
}

export function contactFlowRuns(sql: Queryable, contact: ContactKey) {
  return sql<{ id: string; flowId: string; flowName: string; status: string; chatId: bigint; variables: unknown; startedAt: Date; finishedAt: Date | null }[]>`
    select e.id, e.flow_id as "flowId", f.name as "flowName", e.status, e.chat_id as "chatId", e.variables,
           e.started_at as "startedAt", e.finished_at as "finishedAt"
    from flow_executions e join flows f on f.id = e.flow_id
    where f.bot_id = ${contact.botId} and e.contact_telegram_id = ${contact.telegramId.toString()}
    order by e.started_at, e.id`;
}

const visitColumns = (sql: Queryable) => sql`
  v.url, v.last_url as "lastUrl", v.referrer, v.utm_source as "utmSource", v.utm_medium as "utmMedium",
  v.utm_campaign as "utmCampaign", v.utm_term as "utmTerm", v.utm_content as "utmContent", v.fbclid, v.fbp, v.fbc, v.ip,
  v.user_agent as "userAgent", v.created_at as "firstSeenAt", v.last_seen_at as "lastSeenAt"`;

export type VisitRow = {
  url: string | null; lastUrl: string | null; referrer: string | null; utmSource: string | null; utmMedium: string | null;
  utmCampaign: string | null; utmTerm: string | null; utmContent: string | null; fbclid: string | null; fbp: string | null;
  fbc: string | null; ip: string | null; userAgent: string | null; firstSeenAt: Date | null; lastSeenAt: Date | null;
};

export function contactFunnelEntries(sql: Queryable, contactId: string) {
  return sql<(VisitRow & { funnelId: string; funnelName: string; enteredAt: Date; leftAt: Date | null })[]>`
    select e.funnel_id as "funnelId", f.name as "funnelName", e.entered_at as "enteredAt", e.left_at as "leftAt", ${visitColumns(sql)}
    from funnel_entries e join funnels f on f.id = e.funnel_id
    left join funnel_visits v on v.funnel_id = e.funnel_id and v.visit_id = e.visit_id
    where e.contact_id = ${contactId}
    order by e.entered_at`;
}

export function contactJoinRequests(sql: Queryable, contact: ContactKey) {
  return sql<(VisitRow & { funnelId: string; funnelName: string; chatId: bigint; requestedAt: Date })[]>`
    select r.funnel_id as "funnelId", f.name as "funnelName", r.chat_id as "chatId", r.requested_at as "requestedAt", ${visitColumns(sql)}
    from funnel_join_requests r join funnels f on f.id = r.funnel_id
    left join funnel_visits v on v.funnel_id = r.funnel_id and v.visit_id = r.visit_id
    where r.bot_id = ${contact.botId} and r.telegram_user_id = ${contact.telegramId.toString()}
    order by r.requested_at`;
}

/**
 * The contact's Conversions API events: their event_id is `<event>:<funnel>:<Telegram id>:<time>` (runtime
 * funnel-conversions.ts). A funnel of this bot, or one since deleted (its events stay with the pixel): any funnel
 * id that is not another bot's.
 */
export const contactPixelEventsWhere = (sql: Queryable, userId: string, contact: ContactKey) => sql`
  e.pixel_id in (select id from meta_pixels where user_id = ${userId})
  and split_part(e.event_id, ':', 3) = ${contact.telegramId.toString()}
  and split_part(e.event_id, ':', 2) not in (select id::text from funnels where user_id = ${userId} and bot_id <> ${contact.botId})`;

export function contactPixelEvents(sql: Queryable, userId: string, contact: ContactKey) {
  return sql<{ pixelId: string; eventName: string; eventTime: Date; status: string; sentAt: Date | null; userData: unknown }[]>`
    select e.pixel_id as "pixelId", e.event_name as "eventName", e.event_time as "eventTime", e.status, e.sent_at as "sentAt",
           coalesce(e.payload -> 'user_data', '{}'::jsonb) as "userData"
    from pixel_events e
    where ${contactPixelEventsWhere(sql, userId, contact)}
    order by e.event_time, e.id`;
}

export function contactBroadcasts(sql: Queryable, contact: ContactKey) {
  return sql<{ broadcastId: string; name: string; status: string; reason: string | null; updatedAt: Date }[]>`
    select r.broadcast_id as "broadcastId", b.name, r.status, r.reason, r.updated_at as "updatedAt"
    from broadcast_recipients r join broadcasts b on b.id = r.broadcast_id
    where b.bot_id = ${contact.botId} and r.telegram_id = ${contact.telegramId.toString()}
    order by r.updated_at`;
}

export function contactMemberships(sql: Queryable, contact: ContactKey) {
  return sql<{ chatId: bigint; kind: 'join' | 'leave'; occurredAt: Date }[]>`
    select chat_id as "chatId", kind, occurred_at as "occurredAt" from channel_member_events
    where bot_id = ${contact.botId} and telegram_user_id = ${contact.telegramId.toString()}
    order by occurred_at`;
}

export function contactDeliveryFailures(sql: Queryable, contact: ContactKey) {
  return sql<{ purpose: string; description: string; createdAt: Date }[]>`
    select purpose, description, created_at as "createdAt" from delivery_failures
    where bot_id = ${contact.botId} and telegram_user_id = ${contact.telegramId.toString()}
    order by created_at`;
}

/** The workspace's labels on the contact, with when each was applied. */
export function contactLabels(sql: Queryable, contactId: string) {
  return sql<{ id: string; name: string; color: string; appliedAt: Date }[]>`
    select l.id, l.name, l.color, cl.created_at as "appliedAt"
    from contact_labels cl join labels l on l.id = cl.label_id
    where cl.contact_id = ${contactId}
    order by cl.created_at, l.id`;
}
