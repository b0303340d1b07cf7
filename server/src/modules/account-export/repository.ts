/**
 * The account export's reads: each section a page at a time in a stable key order (keyset), every row already
 * as JSON text (to_jsonb) so the stream only joins strings. Secrets never leave: bots and pixels list their columns
 * (a token column added later stays out), and no other exported table holds one. user_id is dropped everywhere
 * (it is the account itself).
 */
import type { AccountExportSection } from '@shared/account/data-export.ts';
import type { Queryable } from '../../db/client.ts';

export const PAGE_SIZE = 500;
const NO_UUID = '00000000-0000-0000-0000-000000000000';

export type JsonRow = { key: string; json: string };
type Pages = (sql: Queryable, userId: string) => AsyncGenerator<string[]>;

/** Pages of `fetch(after)` until one comes back short; `after` is the last row's key. */
async function* keyset(fetch: (after: string) => Promise<JsonRow[]>, start = NO_UUID): AsyncGenerator<string[]> {
  let after = start;
  for (;;) {
    const rows = await fetch(after);
    if (rows.length > 0) yield rows.map((row) => row.json);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_SIZE) return;
    after = last.key;
  }
}

/** A table with its own `user_id` and uuid `id`: every column but user_id. */
const owned = (table: string): Pages => (sql, userId) =>
  keyset((after) => sql<JsonRow[]>`
    select t.id::text as key, (to_jsonb(t) - 'user_id')::text as json
    from ${sql(table)} t where t.user_id = ${userId} and t.id > ${after}::uuid order by t.id limit ${PAGE_SIZE}`);

/** Plans without their secrets: every column but the encrypted webhook key and gateway tokens. */
const accessPlans: Pages = (sql, userId) =>
  keyset((after) => sql<JsonRow[]>`
    select t.id::text as key, (to_jsonb(t) - 'user_id' - 'webhook_secret_encrypted' - 'gateway_tokens_encrypted')::text as json
    from access_plans t where t.user_id = ${userId} and t.id > ${after}::uuid order by t.id limit ${PAGE_SIZE}`);

/** Each chat's join rule, keyed by its chat (the table has no id of its own). */
const joinRules: Pages = (sql, userId) =>
  keyset((after) => sql<JsonRow[]>`
    select t.channel_id::text as key, (to_jsonb(t) - 'user_id')::text as json
    from access_join_rules t where t.user_id = ${userId} and t.channel_id > ${after}::uuid order by t.channel_id limit ${PAGE_SIZE}`);

const bots: Pages = (sql, userId) =>
  keyset((after) => sql<JsonRow[]>`
    select x.id::text as key, to_jsonb(x)::text as json
    from (select id, telegram_id, name, username, is_active, inactive_reason, broadcast_rate, bot_info, created_at, updated_at
          from bots where user_id = ${userId} and id > ${after}::uuid order by id limit ${PAGE_SIZE}) x
    order by x.id`);

const pixels: Pages = (sql, userId) =>
  keyset((after) => sql<JsonRow[]>`
    select x.id::text as key, to_jsonb(x)::text as json
    from (select id, name, pixel_id, status, last_error, last_error_at, last_event_at, delivered_events, failed_events,
                 delivery_error, delivery_error_at, last_attempt_at, created_at, updated_at
          from meta_pixels where user_id = ${userId} and id > ${after}::uuid order by id limit ${PAGE_SIZE}) x
    order by x.id`);

/** Outgoing webhooks: their columns listed, so the signing secret (and a secret column added later) stays out. */
const webhooks: Pages = (sql, userId) =>
  keyset((after) => sql<JsonRow[]>`
    select x.id::text as key, to_jsonb(x)::text as json
    from (select id, url, description, events, enabled, paused_at, pause_reason, created_at, updated_at
          from webhook_subscriptions where user_id = ${userId} and id > ${after}::uuid order by id limit ${PAGE_SIZE}) x
    order by x.id`);

const flowMessages: Pages = (sql, userId) =>
  keyset((after) => sql<JsonRow[]>`
    select m.id::text as key, to_jsonb(m)::text as json
    from flow_messages m join flows f on f.id = m.flow_id
    where f.user_id = ${userId} and m.id > ${after}::uuid order by m.id limit ${PAGE_SIZE}`);

const funnelEntries: Pages = (sql, userId) =>
  keyset((after) => sql<JsonRow[]>`
    select e.id::text as key, to_jsonb(e)::text as json
    from funnel_entries e join funnels f on f.id = e.funnel_id
    where f.user_id = ${userId} and e.id > ${after}::uuid order by e.id limit ${PAGE_SIZE}`);

/** Which contact carries which label, in (contact, label) order; the key is "<contact>|<label>". */
const contactLabels: Pages = (sql, userId) =>
  keyset((after) => {
    const [contact = NO_UUID, label = NO_UUID] = after.split('|');
    return sql<JsonRow[]>`
      select cl.contact_id::text || '|' || cl.label_id::text as key, (to_jsonb(cl) - 'user_id')::text as json
      from contact_labels cl
      where cl.user_id = ${userId} and (cl.contact_id, cl.label_id) > (${contact}::uuid, ${label}::uuid)
      order by cl.contact_id, cl.label_id limit ${PAGE_SIZE}`;
  }, `${NO_UUID}|${NO_UUID}`);

/** Imports without the file a pending one still holds (its contacts are the `contacts` section's). */
const contactImports: Pages = (sql, userId) =>
  keyset((after) => sql<JsonRow[]>`
    select t.id::text as key, (to_jsonb(t) - 'user_id' - 'source')::text as json
    from contact_imports t where t.user_id = ${userId} and t.id > ${after}::uuid order by t.id limit ${PAGE_SIZE}`);

const botIds = async (sql: Queryable, userId: string) =>
  (await sql<{ id: string }[]>`select id from bots where user_id = ${userId} order by id`).map((row) => row.id);

/** Per bot, in Telegram id order (the (bot_id, telegram_id) unique index). */
async function* contacts(sql: Queryable, userId: string): AsyncGenerator<string[]> {
  for (const botId of await botIds(sql, userId)) {
    yield* keyset((after) => sql<JsonRow[]>`
      select c.telegram_id::text as key, (to_jsonb(c) - 'user_id' - 'search_text')::text as json
      from contacts c where c.bot_id = ${botId} and c.telegram_id > ${after}::bigint order by c.telegram_id limit ${PAGE_SIZE}`, '-9223372036854775808');
  }
}

/** Per bot, oldest first, on the (bot_id, created_at) index; the key is "<time>|<id>" for ties in time. */
async function* messages(sql: Queryable, userId: string): AsyncGenerator<string[]> {
  for (const botId of await botIds(sql, userId)) {
    yield* keyset((after) => {
      // Passed as text: a timestamptz parameter would go through a JS Date and lose the microseconds the key needs.
      const [at = '-infinity', id = '0'] = after.split('|');
      return sql<JsonRow[]>`
        select to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || m.id as key, (to_jsonb(m) - 'user_id')::text as json
        from messages m
        where m.bot_id = ${botId} and m.created_at >= ${at}::text::timestamptz and (m.created_at, m.id) > (${at}::text::timestamptz, ${id}::text::bigint)
        order by m.created_at, m.id limit ${PAGE_SIZE}`;
    }, '-infinity|0');
  }
}

/** The document's sections, in file order. */
export const SECTIONS: [AccountExportSection, Pages][] = [
  ['bots', bots],
  ['channels', owned('channels')],
  ['welcomeMessages', owned('welcome_messages')],
  ['flows', owned('flows')],
  ['flowNodes', owned('flow_nodes')],
  ['flowConnections', owned('flow_connections')],
  ['flowMessages', flowMessages],
  ['contacts', contacts],
  ['messages', messages],
  ['notes', owned('conversation_notes')],
  ['quickReplies', owned('quick_replies')],
  ['broadcasts', owned('broadcasts')],
  ['funnels', owned('funnels')],
  ['funnelEntries', funnelEntries],
  ['pixels', pixels],
  ['media', owned('media_files')],
  ['labels', owned('labels')],
  ['contactLabels', contactLabels],
  ['accessPlans', accessPlans],
  ['accessMembers', owned('access_members')],
  ['accessHistory', owned('access_member_events')],
  ['accessPayments', owned('access_payments')],
  ['accessWebhooks', owned('access_webhook_events')],
  ['accessJoinRules', joinRules],
  ['accessGateDecisions', owned('access_gate_decisions')],
  ['webhooks', webhooks],
  ['contactImports', contactImports],
];

export async function accountProfile(sql: Queryable, userId: string) {
  const rows = await sql<{ json: string }[]>`
    select to_jsonb(x)::text as json from (select id, name, email, created_at from users where id = ${userId}) x`;
  return rows[0]?.json;
}
