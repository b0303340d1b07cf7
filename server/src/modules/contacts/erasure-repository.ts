/**
 * Erasing a contact's data (LGPD "Apagar dados"), one statement per table, all in the caller's transaction with the
 * contact row locked. Personal data goes; counts that hold none stay (dashboard activity, funnel and flow counters,
 * a broadcast's sent/failed totals, a pixel's delivered events): rows that feed a total are kept without what
 * identified the person, rows that only describe the person are deleted. Deleting the contact last takes its
 * messages, internal notes, conversation and funnel entries with it (ON DELETE CASCADE).
 */
import type { Queryable } from '../../db/client.ts';
import { contactPixelEventsWhere, type ContactKey } from './data-repository.ts';

/** A skipped broadcast recipient's reason once the person's data is gone. */
export const ERASED_REASON = 'Dados do contato apagados (LGPD)';

const count = async (rows: PromiseLike<{ length: number }>) => (await rows).length;

/**
 * Flow runs keep their status (the flow's run counts) but lose the person and their variables and steps; a run
 * waiting on a delay is stopped and its resume job dropped.
 */
export async function scrubFlowRuns(sql: Queryable, contact: ContactKey) {
  const runs = sql`select e.id from flow_executions e join flows f on f.id = e.flow_id
    where f.bot_id = ${contact.botId} and e.contact_telegram_id = ${contact.telegramId.toString()}`;
  await sql`delete from jobs where kind = 'flow.resume' and status = 'queued' and payload ->> 'executionId' in (select id::text from (${runs}) r)`;
  return count(sql`
    update flow_executions set contact_telegram_id = 0, chat_id = 0, variables = '{}'::jsonb, steps = '[]'::jsonb, error = null,
      status = case when status in ('running', 'waiting') then 'stopped' else status end, finished_at = coalesce(finished_at, now())
    where id in (${runs}) returning id`);
}

/**
 * Unsent events are dropped (Meta never gets them); sent and failed ones keep their name, time and status for the
 * pixel's history, without customer data, source URL or the event id that carried the Telegram id.
 */
export async function scrubPixelEvents(sql: Queryable, userId: string, contact: ContactKey) {
  const dropped = await count(sql`delete from pixel_events e where ${contactPixelEventsWhere(sql, userId, contact)} and e.status = 'pending' returning e.id`);
  const scrubbed = await count(sql`
    update pixel_events e set payload = (e.payload - 'event_source_url' - 'event_id') || jsonb_build_object('user_data', '{}'::jsonb),
      event_id = 'erased:' || e.id::text
    where ${contactPixelEventsWhere(sql, userId, contact)} returning e.id`);
  return dropped + scrubbed;
}

/** The landing-page visits the contact came through keep their page and campaign, not the browser's identifiers. */
export function scrubVisits(sql: Queryable, contact: ContactKey) {
  return count(sql`
    update funnel_visits v set fbclid = null, fbp = null, fbc = null, ip = null, user_agent = null, invite_link = null,
      url = split_part(v.url, '?', 1), last_url = split_part(v.last_url, '?', 1), referrer = split_part(v.referrer, '?', 1)
    where (v.funnel_id, v.visit_id) in (
      select funnel_id, visit_id from funnel_entries where contact_id = ${contact.id} and visit_id is not null
      union
      select funnel_id, visit_id from funnel_join_requests
      where bot_id = ${contact.botId} and telegram_user_id = ${contact.telegramId.toString()} and visit_id is not null)
    returning v.visit_id`);
}

/**
 * A broadcast's recipient row counts in its totals: it stays, under a negative placeholder instead of the Telegram
 * id (real private chats are positive), derived from the contact id so erasures never collide. Not yet sent: skipped.
 */
export function scrubBroadcastRecipients(sql: Queryable, contact: ContactKey) {
  return count(sql`
    update broadcast_recipients r set
      telegram_id = -1 - abs(hashtextextended(${contact.id}::text, 0) / 2), contact_id = null,
      status = case when r.status = 'pending' then 'skipped' else r.status end,
      reason = case when r.status = 'pending' then ${ERASED_REASON} else r.reason end, updated_at = now()
    where r.broadcast_id in (select id from broadcasts where bot_id = ${contact.botId}) and r.telegram_id = ${contact.telegramId.toString()}
    returning r.broadcast_id`);
}

/** Rows that only describe the person: join requests, joins and leaves, failed welcome deliveries, contact events, field edits. */
export async function deletePersonRows(sql: Queryable, userId: string, contact: ContactKey) {
  const telegramId = contact.telegramId.toString();
  const joinRequests = await count(sql`delete from funnel_join_requests where bot_id = ${contact.botId} and telegram_user_id = ${telegramId} returning chat_id`);
  const memberships = await count(sql`delete from channel_member_events where bot_id = ${contact.botId} and telegram_user_id = ${telegramId} returning id`);
  const deliveryFailures = await count(sql`delete from delivery_failures where bot_id = ${contact.botId} and telegram_user_id = ${telegramId} returning id`);
  // Contact events carry the profile (name, username, phone) and are kept a week once done; one being run stays.
  await sql`
    delete from jobs where kind = 'flow.contact-event' and status <> 'running'
      and payload -> 'change' ->> 'botId' = ${contact.botId} and payload -> 'change' ->> 'telegramId' = ${telegramId}`;
  await sql`delete from sync_field_changes where user_id = ${userId} and table_name = 'contacts' and row_id = ${contact.id}`;
  await sql`delete from push_presence where user_id = ${userId} and contact_id = ${contact.id}`;
  return { joinRequests, memberships, deliveryFailures };
}

/** The contact row last: its messages, internal notes, conversation, funnel entries and labels go with it. */
export async function deleteContactRows(sql: Queryable, contactId: string) {
  const [counts] = await sql<{ messages: number; notes: number; funnelEntries: number; labels: number }[]>`
    select (select count(*) from messages where contact_id = ${contactId})::int as messages,
           (select count(*) from conversation_notes where contact_id = ${contactId})::int as notes,
           (select count(*) from funnel_entries where contact_id = ${contactId})::int as "funnelEntries",
           (select count(*) from contact_labels where contact_id = ${contactId})::int as labels`;
  await sql`delete from contacts where id = ${contactId}`;
  return counts ?? { messages: 0, notes: 0, funnelEntries: 0, labels: 0 };
}
