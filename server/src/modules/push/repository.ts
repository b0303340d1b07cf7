/**
 * The statements of the web push API (docs/decisions.md#web-push): the VAPID key pair, subscriptions (always scoped
 * by the user) and tab presence (each member's own). What sending reads and deletes is engines/push-delivery/repository.ts.
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

/**
 * Insert or refresh (same workspace and endpoint: new keys, now this member's); keeps a member's newest `keep`
 * subscriptions in the workspace.
 */
export async function upsertSubscription(
  sql: Queryable,
  input: { userId: string; memberId: string; sessionId: string; endpoint: string; p256dh: string; auth: string; userAgent: string | null },
  keep: number,
): Promise<void> {
  await sql`
    insert into push_subscriptions (user_id, member_id, session_id, endpoint, p256dh, auth, user_agent)
    values (${input.userId}, ${input.memberId}, ${input.sessionId}, ${input.endpoint}, ${input.p256dh}, ${input.auth}, ${input.userAgent})
    on conflict (user_id, endpoint) do update
      set member_id = excluded.member_id, session_id = excluded.session_id, p256dh = excluded.p256dh, auth = excluded.auth,
          user_agent = excluded.user_agent, updated_at = now()`;
  await sql`
    delete from push_subscriptions
    where user_id = ${input.userId} and member_id = ${input.memberId}
      and id not in (
        select id from push_subscriptions where user_id = ${input.userId} and member_id = ${input.memberId} order by updated_at desc, id limit ${keep})`;
}

export async function deleteSubscription(sql: Queryable, userId: string, endpoint: string): Promise<boolean> {
  const rows = await sql`delete from push_subscriptions where user_id = ${userId} and endpoint = ${endpoint} returning id`;
  return rows.length > 0;
}

/**
 * A member's tab heartbeat in the workspace; also forgets the workspace's expired ones (a closed tab never says
 * goodbye). A tab id is only ever the reporting member's: another member's row of the same id is left untouched.
 */
export async function reportPresence(sql: Queryable, input: { userId: string; memberId: string; tabId: string; contactId: string | null; ttlMs: number }) {
  await sql`
    delete from push_presence
    where user_id = ${input.userId}
      and (expires_at < now() or (tab_id = ${input.tabId} and coalesce(member_id, user_id) = ${input.memberId}))`;
  if (input.contactId === null) return;
  await sql`
    insert into push_presence (user_id, member_id, tab_id, contact_id, expires_at)
    values (${input.userId}, ${input.memberId}, ${input.tabId}, ${input.contactId}, now() + ${input.ttlMs}::int * interval '1 millisecond')
    on conflict (user_id, tab_id) do update
      set member_id = excluded.member_id, contact_id = excluded.contact_id, expires_at = excluded.expires_at
      where coalesce(push_presence.member_id, push_presence.user_id) = excluded.member_id`;
}
