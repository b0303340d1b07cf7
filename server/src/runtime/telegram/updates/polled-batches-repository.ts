/**
 * Long-polling owners' batches (migration 0610, docs/decisions.md#scale-out "No update lost"): written before
 * Telegram is told it may forget them, receipted update by update with the work they caused, taken over by the next
 * owner when their instance died. Every write is fenced by the lease (`bot_polling.owner`) or by the reader.
 */
import type { JSONValue } from 'postgres';
import type { Update } from 'grammy/types';
import type { Queryable, Sql } from '../../../db/client.ts';

/** A long-polling owner's batch: its updates, the reader whose receipts count, the offset that confirms them. */
export type PolledBatch = { reader: string; botId: string; updates: Update[]; nextOffset: number };

/**
 * Batches of several bots in one statement (group commit, batch-stash.ts): per batch one row, and the bot's stored
 * offset moved to `nextOffset`, fenced by the lease. Answers the bots whose lease is still this instance's; for the
 * others nothing was written.
 */
export async function stashBatches(sql: Sql, instanceId: string, batches: PolledBatch[]): Promise<Set<string>> {
  const input = batches.map((batch) => ({
    bot_id: batch.botId,
    reader: batch.reader,
    next_offset: batch.nextOffset,
    ids: batch.updates.map((update) => update.update_id),
    updates: batch.updates,
  }));
  const rows = await sql<{ botId: string }[]>`
    with input as (
      select * from jsonb_to_recordset(${sql.json(input as unknown as JSONValue)}::jsonb)
        as i(bot_id uuid, reader uuid, next_offset bigint, ids bigint[], updates jsonb)
    ), lease as (
      update bot_polling p set next_offset = greatest(p.next_offset, i.next_offset), offset_at = now(),
        done_ids = array(select d from unnest(p.done_ids) as d where d >= i.next_offset order by d)
      from input i where p.bot_id = i.bot_id and p.owner = ${instanceId}
      returning p.bot_id
    ), stashed as (
      insert into polled_batches (bot_id, first_update_id, reader, updates, pending)
      select i.bot_id, i.ids[1], i.reader, i.updates, i.ids from input i
      where i.bot_id in (select bot_id from lease)
      on conflict (bot_id, first_update_id) do nothing
    )
    select bot_id::text as "botId" from lease`;
  return new Set(rows.map((row) => row.botId));
}

/**
 * Receipts of polled updates, in the transaction that writes their work (contact-journal.ts): the ids leave their
 * batch's `pending`; a batch with none left goes. Only the batch's own reader's receipts count (a batch taken over by
 * the next owner is that owner's to receipt).
 */
export async function markPolledHandled(sql: Queryable, receipts: Array<{ reader: string; botId: string; ids: number[] }>): Promise<void> {
  const wire = receipts.map((receipt) => ({ reader: receipt.reader, bot_id: receipt.botId, ids: receipt.ids }));
  await sql`
    with r as (
      select * from jsonb_to_recordset(${sql.json(wire)}) as r(reader uuid, bot_id uuid, ids bigint[])
    ), finished as (
      delete from polled_batches b using r
      where b.bot_id = r.bot_id and b.reader = r.reader and b.pending <@ r.ids
    )
    update polled_batches b set pending = array(select p from unnest(b.pending) as p where not p = any(r.ids) order by p)
    from r where b.bot_id = r.bot_id and b.reader = r.reader and b.pending && r.ids and not b.pending <@ r.ids`;
}

/**
 * A new ownership takes the bot's batches that an earlier reader left with pending ids (its instance died): they are
 * `reader`'s now. Answers their pending updates, oldest first; `lost`: the lease is not ours (nothing taken).
 */
export async function takePolledBatches(sql: Sql, input: { instanceId: string; reader: string; botId: string }): Promise<{ lost: boolean; updates: Update[] }> {
  const { instanceId, reader, botId } = input;
  const rows = await sql<{ held: boolean; updates: Update[] | null; pending: bigint[] | null }[]>`
    with lease as (
      select 1 from bot_polling where bot_id = ${botId} and owner = ${instanceId}
    ), taken as (
      update polled_batches set reader = ${reader}::uuid
      where bot_id = ${botId} and reader <> ${reader}::uuid and exists (select 1 from lease)
      returning updates, pending
    )
    select true as held, updates, pending from taken
    union all
    select exists (select 1 from lease), null, null where not exists (select 1 from taken)`;
  const updates = rows.flatMap((row) => {
    const pending = new Set((row.pending ?? []).map(Number));
    return (row.updates ?? []).filter((update) => pending.has(update.update_id));
  });
  return { lost: !rows.some((row) => row.held), updates: updates.sort((a, b) => a.update_id - b.update_id) };
}
