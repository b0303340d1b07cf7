/**
 * The webhook queue (docs/decisions.md#webhook-queue): updates any instance received for a bot, waiting for the bot's
 * lease owner (bot_polling) to take them. Taking is fenced by the lease and by the rows themselves: a row is taken by
 * one statement of one instance, ever.
 */
import type { JSONValue } from 'postgres';
import type { Update } from 'grammy/types';
import type { Queryable, Sql } from '../../../db/client.ts';

export type EnqueueOutcome = 'accepted' | 'duplicate' | 'not-running';

/** Telegram restarts update ids after a week without updates: a polling offset older than this proves nothing. */
const OFFSET_TRUST = '6 days';

export type Arrival = { botId: string; update: Update };

/**
 * Writes updates for active bots in one statement (committed when it answers): what the webhook requests that
 * arrived together carry (group commit). Per arrival, in order: accepted; duplicate when the update_id is in the
 * table already (a re-send) or below where long polling of this bot had got (a mode switch: Telegram re-sends the
 * batch the last getUpdates had not confirmed yet); not running when there is no such active bot. The caller gives
 * each (bot, update_id) once.
 */
export async function enqueueUpdates(sql: Sql, arrivals: Arrival[]): Promise<EnqueueOutcome[]> {
  const input = arrivals.map(({ botId, update }) => ({ b: botId, u: update.update_id, p: update }));
  const rows = await sql<{ active: boolean; inserted: boolean }[]>`
    with input as (
      select e.n, (e.v->>'b')::uuid as bot_id, (e.v->>'u')::bigint as update_id, e.v->'p' as payload
      from jsonb_array_elements(${sql.json(input as unknown as JSONValue)}::jsonb) with ordinality as e(v, n)
    ), active as (
      select i.*, (p.bot_id is null or p.offset_at < now() - ${OFFSET_TRUST}::interval
                   or (p.next_offset <= i.update_id and not i.update_id = any(p.done_ids))) as fresh
      from input i join bots b on b.id = i.bot_id and b.is_active left join bot_polling p on p.bot_id = i.bot_id
    ), inserted as (
      insert into webhook_updates (bot_id, update_id, payload)
      select bot_id, update_id, payload from active where fresh
      on conflict (bot_id, update_id) do nothing
      returning bot_id, update_id
    )
    select a.n is not null as active, x.update_id is not null as inserted
    from input i
    left join active a on a.n = i.n
    left join inserted x on x.bot_id = i.bot_id and x.update_id = i.update_id
    order by i.n`;
  return rows.map((row) => (!row.active ? 'not-running' : row.inserted ? 'accepted' : 'duplicate'));
}

/**
 * Takes the next waiting updates of a bot, oldest update_id first, for this instance if it still holds the bot's
 * lease: marked taken by `reader` in the statement that reads them. Waiting means no receipt yet (handled_at null)
 * and not in this reader's hands: rows an earlier reader took and never receipted (its instance died) are taken
 * again. `lost`: the lease is not ours any more; nothing was taken.
 */
export async function takeUpdates(sql: Sql, input: { instanceId: string; reader: string; botId: string; limit: number }): Promise<{ lost: boolean; updates: Update[] }> {
  const { instanceId, reader, botId, limit } = input;
  const rows = await sql<{ held: boolean; payload: Update | null }[]>`
    with lease as (
      select 1 from bot_polling where bot_id = ${botId} and owner = ${instanceId}
    ), picked as (
      select update_id, payload from webhook_updates
      where bot_id = ${botId} and handled_at is null and handled_by is distinct from ${reader}::uuid
        and exists (select 1 from lease)
      order by update_id
      limit ${limit}
      for update skip locked
    ), taken as (
      update webhook_updates w set handled_by = ${reader}::uuid
      from picked where w.bot_id = ${botId} and w.update_id = picked.update_id
      returning picked.update_id, picked.payload
    )
    select true as held, payload from taken
    union all
    select exists (select 1 from lease), null where not exists (select 1 from taken)`;
  const held = rows.some((row) => row.held);
  const updates = rows.flatMap((row) => (row.payload ? [row.payload] : [])).sort((a, b) => a.update_id - b.update_id);
  return { lost: !held, updates };
}

/** Receipts of queued updates, in the transaction that writes their work (contact-journal.ts); the payload goes. */
export async function markQueuedHandled(sql: Queryable, receipts: Array<{ reader: string; botId: string; ids: number[] }>): Promise<void> {
  const wire = receipts.map((receipt) => ({ reader: receipt.reader, bot_id: receipt.botId, ids: receipt.ids }));
  await sql`
    update webhook_updates w set handled_at = now(), payload = null
    from jsonb_to_recordset(${sql.json(wire)}) as r(reader uuid, bot_id uuid, ids bigint[])
    where w.bot_id = r.bot_id and w.update_id = any(r.ids) and w.handled_by = r.reader and w.handled_at is null`;
}

/** Which of these bots have updates waiting (a NOTIFY missed while the connection listening was down). */
export async function botsWithWaiting(sql: Sql, botIds: string[]): Promise<string[]> {
  if (botIds.length === 0) return [];
  const rows = await sql<{ botId: string }[]>`
    select distinct bot_id as "botId" from webhook_updates where handled_at is null and bot_id = any(${botIds}::uuid[])`;
  return rows.map((row) => row.botId);
}

/** Rows taken more than `keepHours` ago, a batch at a time: Telegram re-sends an update for at most a day. */
export async function pruneTaken(sql: Sql, keepHours: number, limit: number): Promise<number> {
  const rows = await sql`
    delete from webhook_updates where (bot_id, update_id) in (
      select bot_id, update_id from webhook_updates
      where handled_at < now() - ${keepHours} * interval '1 hour'
      limit ${limit})
    returning 1`;
  return rows.length;
}
