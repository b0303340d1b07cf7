/**
 * A broadcast's audience in SQL (docs/decisions.md#broadcast-delivery): who it goes to, and the statements of the
 * broadcast.materialise job that write it as broadcast_recipients rows.
 */
import type { BroadcastTargetType } from '@shared/broadcasts/schemas.ts';
import type { Queryable } from '../../db/client.ts';

/**
 * Who a broadcast goes to, the one definition the send (materialiseBatch) and the count shown before it (a draft's
 * or a scheduled row's audience) both use: humans among its bot's contacts (all, the ones picked, or the ones
 * carrying its label) known when it was sent (`audienceAt`; null: now). Contacts who blocked the bot are in it,
 * written skipped. A label deleted before the send (label_id null) leaves nobody in it.
 */
export const audience = (sql: Queryable, audienceAt: Date | null) => sql`
  ${reachable(sql, audienceAt)} and (b.target_type = 'ALL' or c.id = any(b.contact_ids)
    or (b.target_type = 'LABEL' and exists (select 1 from contact_labels cl where cl.contact_id = c.id and cl.label_id = b.label_id)))`;

/**
 * The contacts (`c`) a broadcast of their bot can go to at all: people, with a private chat, known by then. An
 * imported contact who never wrote to the bot is not one of them (Telegram refuses a bot's first message).
 */
const reachable = (sql: Queryable, audienceAt: Date | null) =>
  sql`not c.is_bot and c.telegram_id > 0 and not c.awaiting_start and c.created_at <= ${audienceAt ?? sql`now()`}`;

export type AudienceNow = { total: number; blocked: number };
type Counted = { key: string; total: number; blocked: number };

/**
 * The audience of broadcasts not sent yet, as it stands now (the same rule as the send): an "all contacts" one is
 * its bot's count, taken once per bot for a whole page (contacts_audience makes it an index-only count); a
 * "selected" one looks its picked contacts up by id, a "label" one walks its label's contacts. Keyed by broadcast id.
 */
export async function audienceNow(sql: Queryable, broadcasts: { id: string; botId: string; targetType: BroadcastTargetType }[]): Promise<Map<string, AudienceNow>> {
  const toAll = [...new Set(broadcasts.filter((b) => b.targetType === 'ALL').map((b) => b.botId))];
  const picked = broadcasts.filter((b) => b.targetType !== 'ALL').map((b) => b.id);
  const perBot = toAll.length === 0 ? [] : await sql<Counted[]>`
    select c.bot_id::text as key, count(*)::int as total, count(*) filter (where c.blocked_at is not null)::int as blocked
    from contacts c where c.bot_id = any(${toAll}::uuid[]) and ${reachable(sql, null)} group by c.bot_id`;
  const perPick = picked.length === 0 ? [] : await sql<Counted[]>`
    select b.id::text as key, count(*)::int as total, count(*) filter (where c.blocked_at is not null)::int as blocked
    from broadcasts b join contacts c on c.bot_id = b.bot_id
      and (c.id = any(b.contact_ids) or c.id in (select cl.contact_id from contact_labels cl where cl.label_id = b.label_id))
    where b.id = any(${picked}::uuid[]) and ${audience(sql, null)} group by b.id`;
  const bots = new Map(perBot.map((row) => [row.key, row]));
  const picks = new Map(perPick.map((row) => [row.key, row]));
  return new Map(broadcasts.map((b) => {
    const row = b.targetType === 'ALL' ? bots.get(b.botId) : picks.get(b.id);
    return [b.id, { total: row?.total ?? 0, blocked: row?.blocked ?? 0 }];
  }));
}

/**
 * Counts the audience as of now (the transaction's time, the snapshot every batch will use) and marks the broadcast
 * as being written when anyone is in it. Returns the count and that time.
 */
export async function beginMaterialise(sql: Queryable, broadcastId: string): Promise<{ total: number; audienceAt: Date }> {
  const [{ at } = { at: new Date() }] = await sql<{ at: Date }[]>`select now() as at`;
  const [row] = await sql<{ total: number }[]>`
    update broadcasts b set materialising = a.total > 0, audience_total = a.total
    from (
      select count(*)::int as total from broadcasts b join contacts c on c.bot_id = b.bot_id
      where b.id = ${broadcastId} and ${audience(sql, at)}
    ) a
    where b.id = ${broadcastId} returning a.total`;
  return { total: row?.total ?? 0, audienceAt: at };
}

/** The last chat written by the audience job (recipients are written in telegram_id order), 0 before any. */
export async function materialisedUpTo(sql: Queryable, broadcastId: string): Promise<bigint> {
  const [row] = await sql<{ last: bigint }[]>`
    select telegram_id as last from broadcast_recipients where broadcast_id = ${broadcastId} order by telegram_id desc limit 1`;
  return row?.last ?? 0n;
}

/**
 * One batch of the audience after `after` (telegram_id order), written by the database itself (INSERT … SELECT:
 * nothing passes through the server's memory). Contacts who blocked the bot are written skipped with a reason. A
 * batch written twice (a job run again after a crash) adds nothing: the primary key makes a second row for a chat
 * impossible. Returns how many contacts the batch read and the last chat among them (the next cursor).
 */
export async function materialiseBatch(
  sql: Queryable,
  broadcastId: string,
  options: { after: bigint; audienceAt: Date; limit: number; blockedReason: string },
): Promise<{ read: number; last: bigint | null }> {
  const [row] = await sql<{ read: number; last: bigint | null }[]>`
    with batch as (
      select b.id as broadcast_id, c.telegram_id, c.id as contact_id, c.blocked_at
      from broadcasts b join contacts c on c.bot_id = b.bot_id
      where b.id = ${broadcastId} and c.telegram_id > ${options.after.toString()}::bigint and ${audience(sql, options.audienceAt)}
      order by c.telegram_id
      limit ${options.limit}
    ), written as (
      insert into broadcast_recipients (broadcast_id, telegram_id, contact_id, status, reason)
      select broadcast_id, telegram_id, contact_id,
        case when blocked_at is null then 'pending' else 'skipped' end,
        case when blocked_at is null then null else ${options.blockedReason} end
      from batch
      on conflict do nothing
      returning 1
    )
    select (select count(*) from batch)::int as read, (select max(telegram_id) from batch) as last, (select count(*) from written)::int as written`;
  return { read: row?.read ?? 0, last: row?.last ?? null };
}

/** The whole audience is written: the engine may now end the broadcast once nobody is left to send to. */
export async function endMaterialise(sql: Queryable, broadcastId: string): Promise<void> {
  await sql`update broadcasts set materialising = false where id = ${broadcastId}`;
}

