/**
 * The known members without access of a plan's chats (migration 0860): the people whose last membership event in
 * the chat (channel_member_events, written from chat_member updates) is a join, who hold no access to a plan of the
 * workspace covering that chat, and whose removal is not already under way. Removals confirmed by the operator are
 * access_unpaid_removals rows, one per person and chat, finished by the job with their outcome.
 */
import type { Queryable } from '../../db/client.ts';

export type PlanChat = { channelId: string; chatId: bigint; title: string };
export type UnpaidRow = { telegramId: bigint; name: string | null; username: string | null; contactId: string | null; joinedAt: Date };
export type RemovalCounts = { pending: number; removed: number; protected: number };

export async function planForUnpaid(sql: Queryable, userId: string, planId: string) {
  const rows = await sql<{ id: string; botId: string; active: boolean; archived: boolean }[]>`
    select id, bot_id as "botId", active, (archived_at is not null) as archived from access_plans where id = ${planId} and user_id = ${userId}`;
  return rows[0];
}

export function planChatsOf(sql: Queryable, planId: string) {
  return sql<PlanChat[]>`
    select c.id as "channelId", c.chat_id as "chatId", c.title
    from access_plan_channels pc join channels c on c.id = pc.channel_id where pc.plan_id = ${planId} order by c.title, c.id`;
}

const unpaidWhere = (sql: Queryable, userId: string, botId: string, chat: PlanChat) => sql`
  from (
    select distinct on (e.telegram_user_id) e.telegram_user_id as telegram_id, e.kind, e.occurred_at
    from channel_member_events e
    where e.user_id = ${userId} and e.bot_id = ${botId} and e.chat_id = ${chat.chatId}
    order by e.telegram_user_id, e.occurred_at desc, e.id desc
  ) last
  left join contacts ct on ct.bot_id = ${botId} and ct.telegram_id = last.telegram_id
  where last.kind = 'join'
    and not exists (
      select 1 from access_members m join access_plan_channels pc on pc.plan_id = m.plan_id
      where m.user_id = ${userId} and pc.channel_id = ${chat.channelId} and m.telegram_id = last.telegram_id
        and (m.status in ('AWAITING_LINK', 'ACTIVE', 'GRACE') or (m.status = 'CANCELED' and m.access_until > now())))
    and not exists (
      select 1 from access_unpaid_removals r
      where r.user_id = ${userId} and r.bot_id = ${botId} and r.chat_id = ${chat.chatId} and r.telegram_id = last.telegram_id
        and (r.status = 'pending' or (r.status in ('removed', 'protected') and r.created_at >= last.occurred_at)))`;

export async function unpaidOf(sql: Queryable, userId: string, botId: string, chat: PlanChat, limit: number) {
  const rows = await sql<(UnpaidRow & { total: number })[]>`
    select last.telegram_id as "telegramId", nullif(trim(concat_ws(' ', ct.first_name, ct.last_name)), '') as name, ct.username,
      ct.id as "contactId", last.occurred_at as "joinedAt", count(*) over ()::int as total
    ${unpaidWhere(sql, userId, botId, chat)}
    order by last.occurred_at, last.telegram_id limit ${limit}`;
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function removalCounts(sql: Queryable, planId: string, chatId: bigint): Promise<RemovalCounts> {
  const [row] = await sql<RemovalCounts[]>`
    select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'removed')::int as removed,
      count(*) filter (where status = 'protected')::int as protected
    from access_unpaid_removals where plan_id = ${planId} and chat_id = ${chatId}`;
  return row ?? { pending: 0, removed: 0, protected: 0 };
}

/** The removals of every person listed now in one chat: the rows' ids (a pending one is never added twice). */
export async function insertRemovals(sql: Queryable, input: { userId: string; planId: string; botId: string; chat: PlanChat; actorId: string }) {
  const rows = await sql<{ id: string }[]>`
    insert into access_unpaid_removals (user_id, plan_id, bot_id, chat_id, telegram_id, actor_id)
    select ${input.userId}, ${input.planId}, ${input.botId}, ${input.chat.chatId}, last.telegram_id, ${input.actorId}
    ${unpaidWhere(sql, input.userId, input.botId, input.chat)}
    on conflict do nothing
    returning id`;
  return rows.map((row) => row.id);
}

export type RemovalTarget = { id: string; userId: string; planId: string; botId: string; chatId: bigint; telegramId: bigint; holds: boolean };

/** A pending removal, and whether its person holds access to the chat now (a purchase meanwhile keeps them). */
export async function pendingRemoval(sql: Queryable, userId: string, removalId: string) {
  const rows = await sql<RemovalTarget[]>`
    select r.id, r.user_id as "userId", r.plan_id as "planId", r.bot_id as "botId", r.chat_id as "chatId", r.telegram_id as "telegramId",
      exists (
        select 1 from access_members m join access_plan_channels pc on pc.plan_id = m.plan_id join channels c on c.id = pc.channel_id
        where m.user_id = r.user_id and c.bot_id = r.bot_id and c.chat_id = r.chat_id and m.telegram_id = r.telegram_id
          and (m.status in ('AWAITING_LINK', 'ACTIVE', 'GRACE') or (m.status = 'CANCELED' and m.access_until > now()))) as holds
    from access_unpaid_removals r where r.id = ${removalId} and r.user_id = ${userId} and r.status = 'pending'`;
  return rows[0];
}

export async function finishRemoval(sql: Queryable, removalId: string, status: 'removed' | 'protected' | 'absent' | 'kept') {
  await sql`update access_unpaid_removals set status = ${status}, done_at = now() where id = ${removalId} and status = 'pending'`;
}
