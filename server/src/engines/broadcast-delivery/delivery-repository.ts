/**
 * The delivery engine's SQL (docs/decisions.md#broadcast-delivery): claims under a lease with FOR UPDATE SKIP
 * LOCKED, outcomes recorded by the statement that ends the claim (fenced by its token), and the sweep that turns
 * an abandoned claim into "resultado incerto" instead of sending it again.
 */
import type { Queryable, Sql } from '../../db/client.ts';

export type ClaimedRecipient = { broadcastId: string; telegramId: bigint; contactId: string | null; attempts: number };

export type DeliveryContent = {
  id: string;
  userId: string;
  message: string;
  mediaType: 'IMAGE' | 'VIDEO' | 'AUDIO' | 'DOCUMENT' | null;
  mediaUrl: string | null;
  mediaFileId: string | null;
  caption: string | null;
  buttons: { buttons: { text: string; type: 'url' | 'callback'; value: string }[] }[];
};

export async function sendingBots(sql: Sql): Promise<{ botId: string; rate: number }[]> {
  return sql<{ botId: string; rate: number }[]>`
    select distinct b.bot_id as "botId", bo.broadcast_rate as rate
    from broadcasts b join bots bo on bo.id = b.bot_id where b.status = 'SENDING'`;
}

export async function botRate(sql: Sql, botId: string): Promise<number | undefined> {
  const [row] = await sql<{ rate: number }[]>`select broadcast_rate as rate from bots where id = ${botId}`;
  return row?.rate;
}

/**
 * Up to `limit` due recipients of the bot's SENDING broadcasts (oldest broadcast first), marked 'sending' under the
 * claim's token and this instance's INSTANCE_ID (its next run fails them at once: previous-run-claims.ts).
 */
export async function claimRecipients(sql: Sql, botId: string, limit: number, token: string, leaseMs: number, instanceId: string | null = null): Promise<ClaimedRecipient[]> {
  return sql<ClaimedRecipient[]>`
    with picked as (
      -- Broadcast by broadcast (oldest first), each walked in its pending index's order: a join sorted as a whole
      -- sorted every pending recipient on every claim (0.6 s a claim with 1 000 000 pending; this: < 1 ms).
      select p.broadcast_id, p.telegram_id
      from (select id from broadcasts where bot_id = ${botId} and status = 'SENDING' order by started_at, id) b
      cross join lateral (
        select r.broadcast_id, r.telegram_id from broadcast_recipients r
        where r.broadcast_id = b.id and r.status = 'pending' and (r.not_before is null or r.not_before <= now())
        order by r.telegram_id
        limit ${limit}
        for update of r skip locked
      ) p
      limit ${limit}
    )
    update broadcast_recipients r set status = 'sending', lease_token = ${token}, lease_expires_at = now() + ${leaseMs} * interval '1 millisecond',
      lease_instance_id = ${instanceId}, attempts = r.attempts + 1, updated_at = now()
    from picked where r.broadcast_id = picked.broadcast_id and r.telegram_id = picked.telegram_id
    returning r.broadcast_id as "broadcastId", r.telegram_id as "telegramId", r.contact_id as "contactId", r.attempts`;
}

export type Outcome = {
  broadcastId: string;
  telegramId: bigint;
  status: 'pending' | 'sent' | 'failed';
  reason: string | null;
  messageId: number | null;
  retryable: boolean;
  /** pending again: not before this many ms from now. */
  delayMs: number;
  /** The attempt did not count (429, stopped before sending). */
  uncount: boolean;
};

/**
 * Ends claims with their outcome, one statement for the batch; a claim whose token changed is left alone. The same
 * statement writes each message sent to a known contact into that contact's conversation (source 'broadcast',
 * migration 0650): one multi-row insert per batch, whatever the audience's size.
 */
export async function recordOutcomes(sql: Sql, token: string, outcomes: Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await sql`
    with ended as (
      update broadcast_recipients r set status = o.status, reason = o.reason, telegram_message_id = o.message_id,
        retryable = o.retryable, lease_token = null, lease_expires_at = null,
        not_before = case when o.delay_ms > 0 then now() + o.delay_ms * interval '1 millisecond' else null end,
        attempts = case when o.uncount then greatest(r.attempts - 1, 0) else r.attempts end, updated_at = now()
      from (
        select t.broadcast_id::uuid as broadcast_id, t.telegram_id::bigint as telegram_id, t.status, t.reason,
          t.message_id::bigint as message_id, t.retryable::boolean as retryable, t.delay_ms::int as delay_ms, t.uncount::boolean as uncount
        from unnest(
          ${outcomes.map((o) => o.broadcastId)}::text[], ${outcomes.map((o) => o.telegramId.toString())}::text[],
          ${outcomes.map((o) => o.status)}::text[], ${outcomes.map((o) => o.reason)}::text[],
          ${outcomes.map((o) => (o.messageId === null ? null : String(o.messageId)))}::text[], ${outcomes.map((o) => String(o.retryable))}::text[],
          ${outcomes.map((o) => String(o.delayMs))}::text[], ${outcomes.map((o) => String(o.uncount))}::text[]
        ) as t(broadcast_id, telegram_id, status, reason, message_id, retryable, delay_ms, uncount)
      ) o
      where r.broadcast_id = o.broadcast_id and r.telegram_id = o.telegram_id and r.status = 'sending' and r.lease_token = ${token}
      returning r.broadcast_id, r.contact_id, r.telegram_id, r.telegram_message_id, r.status
    ),
    ${broadcastContent(sql)}
    insert into messages (bot_id, contact_id, chat_id, direction, telegram_message_id, text, type, source, buttons)
    select c.bot_id, e.contact_id, e.telegram_id, 'out', e.telegram_message_id, c.text, c.type, 'broadcast', c.buttons
    from ended e join content c on c.id = e.broadcast_id
    where e.status = 'sent' and e.contact_id is not null`;
}

/**
 * `content`: each broadcast of the batch once, as its conversation rows show it: the text or caption without its
 * HTML, the media kind, the buttons in the inbox's shape ([[{text, url}]], url null for an action in the bot).
 */
function broadcastContent(sql: Sql) {
  return sql`content as (
      select b.id, b.bot_id,
        replace(replace(replace(replace(regexp_replace(coalesce(case when b.media_type is null then b.message else b.caption end, ''),
          '<[^>]*>', '', 'g'), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&amp;', '&') as text,
        case b.media_type when 'IMAGE' then 'PHOTO' when 'VIDEO' then 'VIDEO' when 'AUDIO' then 'AUDIO' when 'DOCUMENT' then 'DOCUMENT' else 'TEXT' end as type,
        (select jsonb_agg((
           select coalesce(jsonb_agg(jsonb_build_object('text', x.value->>'text', 'url', case when x.value->>'type' = 'url' then x.value->>'value' end) order by x.ordinality), '[]'::jsonb)
           from jsonb_array_elements(row_.value->'buttons') with ordinality x
         ) order by row_.ordinality)
         from jsonb_array_elements(b.buttons) with ordinality row_) as buttons
      from broadcasts b where b.id in (select broadcast_id from ended where status = 'sent')
    )`;
}

export async function markContactsBlocked(sql: Sql, contactIds: string[]): Promise<void> {
  if (contactIds.length === 0) return;
  await sql`update contacts set blocked_at = now() where id = any(${contactIds}::uuid[]) and blocked_at is null`;
}

/**
 * Claims whose process died mid-send: failed "resultado incerto", never sent again. Those whose lease ran out, or
 * (`previousRun`, at boot: previous-run-claims.ts) those made under its INSTANCE_ID, every one when that is null.
 */
export async function failAbandoned(sql: Sql, reason: string, previousRun?: { instanceId: string | null }): Promise<number> {
  const abandoned = previousRun
    ? sql`(${previousRun.instanceId}::text is null or lease_instance_id = ${previousRun.instanceId})`
    : sql`lease_expires_at < now()`;
  const result = await sql`
    update broadcast_recipients set status = 'failed', reason = ${reason}, retryable = false, lease_token = null, lease_expires_at = null, updated_at = now()
    where status = 'sending' and ${abandoned}`;
  return result.count;
}

/** SENDING broadcasts of the bot whose audience is all written and with nobody left to try end COMPLETED (≥ 1 sent) or FAILED. */
export type FinishedBroadcast = { id: string; userId: string; name: string; status: string; sent: number; failed: number };

export async function finishDone(sql: Queryable, botId: string, noneSent: string): Promise<FinishedBroadcast[]> {
  return sql<FinishedBroadcast[]>`
    update broadcasts b set status = case when exists (select 1 from broadcast_recipients r where r.broadcast_id = b.id and r.status = 'sent') then 'COMPLETED' else 'FAILED' end,
      error = case when exists (select 1 from broadcast_recipients r where r.broadcast_id = b.id and r.status = 'sent') then null else ${noneSent} end,
      completed_at = now(), updated_at = now()
    where b.bot_id = ${botId} and b.status = 'SENDING' and not b.materialising
      and not exists (select 1 from broadcast_recipients r where r.broadcast_id = b.id and r.status in ('pending', 'sending'))
    returning b.id, b.user_id as "userId", b.name, b.status,
      (select count(*)::int from broadcast_recipients r where r.broadcast_id = b.id and r.status = 'sent') as sent,
      (select count(*)::int from broadcast_recipients r where r.broadcast_id = b.id and r.status = 'failed') as failed`;
}

/** The token was refused (401): every SENDING broadcast of the bot FAILED with the reason; unsent recipients stay pending. */
export async function failBotBroadcasts(sql: Sql, botId: string, reason: string): Promise<void> {
  await sql`update broadcasts set status = 'FAILED', error = ${reason}, completed_at = now(), updated_at = now() where bot_id = ${botId} and status = 'SENDING'`;
}

export async function loadContent(sql: Sql, broadcastId: string): Promise<DeliveryContent | undefined> {
  const [row] = await sql<DeliveryContent[]>`
    select id, user_id as "userId", message, media_type as "mediaType", media_url as "mediaUrl", media_file_id as "mediaFileId", caption, buttons
    from broadcasts where id = ${broadcastId}`;
  return row;
}

export async function saveFileId(sql: Queryable, broadcastId: string, fileId: string | null): Promise<void> {
  await sql`update broadcasts set media_file_id = ${fileId} where id = ${broadcastId}`;
}
