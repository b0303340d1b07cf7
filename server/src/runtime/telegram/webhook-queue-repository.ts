/**
 * The webhook queue (docs/decisions.md#webhook-queue): updates any instance received for a bot, waiting for the bot's
 * lease owner (bot_polling) to take them. Taking is fenced by the lease and by the rows themselves: a row is taken by
 * one statement of one instance, ever.
 */
import type { JSONValue } from 'postgres';
import type { Update } from 'grammy/types';
import type { Sql } from '../../db/client.ts';

export type EnqueueOutcome = 'accepted' | 'duplicate' | 'not-running';

/** Telegram restarts update ids after a week without updates: a polling offset older than this proves nothing. */
const OFFSET_TRUST = '6 days';

/**
 * Writes one update for an active bot, in one statement (committed when it answers). Duplicate: the update_id is
 * in the table already (a re-send), or below where long polling of this bot had got (a mode switch: Telegram
 * re-sends the batch the last getUpdates had not confirmed yet). Not running: no such active bot.
 */
export async function enqueueUpdate(sql: Sql, botId: string, update: Update): Promise<EnqueueOutcome> {
  const rows = await sql<{ active: boolean; inserted: boolean }[]>`
    with bot as (
      select b.id from bots b left join bot_polling p on p.bot_id = b.id
      where b.id = ${botId} and b.is_active
        and (p.bot_id is null or p.offset_at < now() - ${OFFSET_TRUST}::interval
             or greatest(p.next_offset, p.handling_through + 1) <= ${update.update_id})
    ), inserted as (
      insert into webhook_updates (bot_id, update_id, payload)
      select id, ${update.update_id}, ${sql.json(update as unknown as JSONValue)} from bot
      on conflict (bot_id, update_id) do nothing
      returning 1
    )
    select exists (select 1 from bots where id = ${botId} and is_active) as active, exists (select 1 from inserted) as inserted`;
  const row = rows[0];
  if (!row?.active) return 'not-running';
  return row.inserted ? 'accepted' : 'duplicate';
}

/**
 * Takes the next waiting updates of a bot, oldest update_id first, for this instance if it still holds the bot's
 * lease: marked handled (and their payload dropped) in the same statement that reads them. `lost`: the lease is
 * not ours any more; nothing was taken.
 */
export async function takeUpdates(sql: Sql, instanceId: string, botId: string, limit: number): Promise<{ lost: boolean; updates: Update[] }> {
  const rows = await sql<{ held: boolean; payload: Update | null }[]>`
    with lease as (
      select 1 from bot_polling where bot_id = ${botId} and owner = ${instanceId}
    ), picked as (
      select update_id, payload from webhook_updates
      where bot_id = ${botId} and handled_at is null and exists (select 1 from lease)
      order by update_id
      limit ${limit}
      for update skip locked
    ), taken as (
      update webhook_updates w set handled_at = now(), handled_by = ${instanceId}, payload = null
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
