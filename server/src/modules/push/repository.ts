/**
 * Every statement of web push (docs/decisions.md#web-push): the VAPID key pair, subscriptions (always scoped by
 * the user), tab presence, and the one read a notification needs (the conversation's contact, its newest incoming
 * message and unread count, read-only, scoped by the owner like the inbox's own list).
 */
import type { Queryable } from '../../db/client.ts';

export type VapidRow = { publicKey: string; privateKeyEncrypted: string };

/** Keeps the first pair ever stored: two processes starting at once both end up with the same one. */
export async function ensureVapidKeys(sql: Queryable, candidate: VapidRow): Promise<VapidRow> {
  await sql`
    insert into push_vapid_keys (id, public_key, private_key_encrypted)
    values (1, ${candidate.publicKey}, ${candidate.privateKeyEncrypted})
    on conflict (id) do nothing`;
  const [row] = await sql<VapidRow[]>`
    select public_key as "publicKey", private_key_encrypted as "privateKeyEncrypted" from push_vapid_keys where id = 1`;
  if (!row) throw new Error('push_vapid_keys: no row after insert');
  return row;
}

export type SubscriptionRow = { id: string; userId: string; endpoint: string; p256dh: string; auth: string };

const SUBSCRIPTION_COLUMNS = (sql: Queryable) => sql`id, user_id as "userId", endpoint, p256dh, auth`;

/** Insert or refresh (same user and endpoint: new keys); keeps a user's newest `keep` subscriptions. */
export async function upsertSubscription(
  sql: Queryable,
  input: { userId: string; endpoint: string; p256dh: string; auth: string; userAgent: string | null },
  keep: number,
): Promise<void> {
  await sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth, user_agent)
    values (${input.userId}, ${input.endpoint}, ${input.p256dh}, ${input.auth}, ${input.userAgent})
    on conflict (user_id, endpoint) do update
      set p256dh = excluded.p256dh, auth = excluded.auth, user_agent = excluded.user_agent, updated_at = now()`;
  await sql`
    delete from push_subscriptions
    where user_id = ${input.userId}
      and id not in (select id from push_subscriptions where user_id = ${input.userId} order by updated_at desc, id limit ${keep})`;
}

export async function deleteSubscription(sql: Queryable, userId: string, endpoint: string): Promise<boolean> {
  const rows = await sql`delete from push_subscriptions where user_id = ${userId} and endpoint = ${endpoint} returning id`;
  return rows.length > 0;
}

/** A dead subscription (404/410 from its push service): removed only if it is still the one that was tried. */
export async function deleteSubscriptionById(sql: Queryable, id: string, endpoint: string): Promise<void> {
  await sql`delete from push_subscriptions where id = ${id} and endpoint = ${endpoint}`;
}

export function listSubscriptionIds(sql: Queryable, userId: string) {
  return sql<{ id: string }[]>`select id from push_subscriptions where user_id = ${userId} order by id`;
}

export async function findSubscription(sql: Queryable, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await sql<SubscriptionRow[]>`select ${SUBSCRIPTION_COLUMNS(sql)} from push_subscriptions where id = ${id}`;
  return row;
}

/** A tab's heartbeat; also forgets this user's expired ones (a closed tab never says goodbye). */
export async function reportPresence(sql: Queryable, input: { userId: string; tabId: string; contactId: string | null; ttlMs: number }) {
  await sql`delete from push_presence where user_id = ${input.userId} and (expires_at < now() or tab_id = ${input.tabId})`;
  if (input.contactId === null) return;
  await sql`
    insert into push_presence (user_id, tab_id, contact_id, expires_at)
    values (${input.userId}, ${input.tabId}, ${input.contactId}, now() + ${input.ttlMs}::int * interval '1 millisecond')
    on conflict (user_id, tab_id) do update set contact_id = excluded.contact_id, expires_at = excluded.expires_at`;
}

export async function isConversationOpen(sql: Queryable, userId: string, contactId: string): Promise<boolean> {
  const rows = await sql`
    select 1 from push_presence where user_id = ${userId} and contact_id = ${contactId} and expires_at > now() limit 1`;
  return rows.length > 0;
}

export type NotificationRow = {
  firstName: string;
  lastName: string | null;
  username: string | null;
  telegramId: bigint;
  unreadCount: number;
  type: string;
  text: string | null;
  mediaName: string | null;
};

/** The conversation as a notification shows it; undefined when it is not this user's (or is gone). */
export async function findNotificationContent(sql: Queryable, userId: string, contactId: string): Promise<NotificationRow | undefined> {
  const [row] = await sql<NotificationRow[]>`
    select c.first_name as "firstName", c.last_name as "lastName", c.username, c.telegram_id as "telegramId",
           v.unread_count as "unreadCount", m.type, m.text,
           coalesce(m.payload->'document'->>'file_name', m.payload->'audio'->>'file_name', m.payload->'sticker'->>'emoji') as "mediaName"
    from conversations v
    join contacts c on c.id = v.contact_id
    join lateral (
      select type, text, payload from messages
      where contact_id = v.contact_id and direction = 'in'
      order by created_at desc, id desc limit 1
    ) m on true
    where v.contact_id = ${contactId} and v.user_id = ${userId}`;
  return row;
}
