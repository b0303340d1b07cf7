/**
 * What push delivery reads and deletes (docs/decisions.md#web-push): a user's subscriptions, whether a tab of the
 * subscription's member shows the conversation (presence), the one read a notification needs (the conversation's contact, its newest incoming
 * message and unread count, read-only, scoped by the owner like the inbox's own list), and a dead subscription.
 */
import type { Queryable } from '../../db/client.ts';

/** `memberId`: whose browser it is (a subscription made before workspaces: the founder's, the workspace id). */
export type SubscriptionRow = { id: string; userId: string; memberId: string; endpoint: string; p256dh: string; auth: string; unresolvedTries: number };

const SUBSCRIPTION_COLUMNS = (sql: Queryable) =>
  sql`id, user_id as "userId", coalesce(member_id, user_id) as "memberId", endpoint, p256dh, auth, unresolved_tries as "unresolvedTries"`;

/** A dead subscription (404/410 from its push service): removed only if it is still the one that was tried. */
export async function deleteSubscriptionById(sql: Queryable, id: string, endpoint: string): Promise<void> {
  await sql`delete from push_subscriptions where id = ${id} and endpoint = ${endpoint}`;
}

/** One more push that found no such host name; answers the streak's length (0 when the subscription is gone). */
export async function countUnresolved(sql: Queryable, id: string, endpoint: string): Promise<number> {
  const [row] = await sql<{ tries: number }[]>`
    update push_subscriptions set unresolved_tries = unresolved_tries + 1
    where id = ${id} and endpoint = ${endpoint} returning unresolved_tries as tries`;
  return row?.tries ?? 0;
}

/** The name resolved again: the streak is over. */
export async function clearUnresolved(sql: Queryable, id: string): Promise<void> {
  await sql`update push_subscriptions set unresolved_tries = 0 where id = ${id} and unresolved_tries > 0`;
}

/** Who hears of a conversation: its assignee's browsers when it has one, else every member's of the workspace. */
export function listRecipientIds(sql: Queryable, userId: string, contactId: string) {
  return sql<{ id: string }[]>`
    select s.id from push_subscriptions s
    left join conversations v on v.contact_id = ${contactId} and v.user_id = ${userId}
    where s.user_id = ${userId} and (v.assignee_id is null or coalesce(s.member_id, s.user_id) = v.assignee_id)
    order by s.id`;
}

/** One member's browsers in the workspace. */
export function listMemberSubscriptionIds(sql: Queryable, userId: string, memberId: string) {
  return sql<{ id: string }[]>`
    select id from push_subscriptions where user_id = ${userId} and coalesce(member_id, user_id) = ${memberId} order by id`;
}

export async function findSubscription(sql: Queryable, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await sql<SubscriptionRow[]>`select ${SUBSCRIPTION_COLUMNS(sql)} from push_subscriptions where id = ${id}`;
  return row;
}

/** Whether the member has the conversation on screen (a heartbeat without a member: the founder's). */
export async function isConversationOpen(sql: Queryable, userId: string, memberId: string, contactId: string): Promise<boolean> {
  const rows = await sql`
    select 1 from push_presence
    where user_id = ${userId} and contact_id = ${contactId} and expires_at > now() and coalesce(member_id, user_id) = ${memberId}
    limit 1`;
  return rows.length > 0;
}

/** `type` null: the contact has written nothing yet (an assignment's push still names the conversation). */
export type NotificationRow = {
  firstName: string;
  lastName: string | null;
  username: string | null;
  telegramId: bigint;
  unreadCount: number;
  assigneeId: string | null;
  type: string | null;
  text: string | null;
  mediaName: string | null;
};

/** The conversation as a notification shows it; undefined when it is not this user's (or is gone). */
export async function findNotificationContent(sql: Queryable, userId: string, contactId: string): Promise<NotificationRow | undefined> {
  const [row] = await sql<NotificationRow[]>`
    select c.first_name as "firstName", c.last_name as "lastName", c.username, c.telegram_id as "telegramId",
           v.unread_count as "unreadCount", v.assignee_id as "assigneeId", m.type, m.text,
           coalesce(m.payload->'document'->>'file_name', m.payload->'audio'->>'file_name', m.payload->'sticker'->>'emoji') as "mediaName"
    from conversations v
    join contacts c on c.id = v.contact_id
    left join lateral (
      select type, text, payload from messages
      where contact_id = v.contact_id and direction = 'in' and not messages_is_activity(type)
      order by created_at desc, id desc limit 1
    ) m on true
    where v.contact_id = ${contactId} and v.user_id = ${userId}`;
  return row;
}
