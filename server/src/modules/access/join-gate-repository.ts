/**
 * The join gate's own rows (docs/product.md#acessos): each chat's rule, the human-check puzzles and the decisions
 * list. The console's reads are scoped by the workspace through the chat's bot; the bot's by the bot and chat.
 */
import type { GateDecisionKind, JoinRule } from '@shared/access/join-gate.ts';
import type { Queryable } from '../../db/client.ts';

export type GateChannelRow = { id: string; botId: string; chatId: bigint; title: string; rule: JoinRule | null };

/** A chat of the workspace's bots (not in the Lixeira), with its stored rule. */
export async function findChannel(sql: Queryable, userId: string, channelId: string) {
  const [row] = await sql<GateChannelRow[]>`
    select c.id, c.bot_id as "botId", c.chat_id as "chatId", c.title, r.rule from channels c
    join bots b on b.id = c.bot_id left join access_join_rules r on r.channel_id = c.id
    where c.id = ${channelId} and b.user_id = ${userId} and b.deleted_at is null`;
  return row;
}

/** The active plans that open a chat. */
export function activePlans(sql: Queryable, channelId: string) {
  return sql<{ id: string; name: string }[]>`
    select p.id, p.name from access_plans p join access_plan_channels pc on pc.plan_id = p.id
    where pc.channel_id = ${channelId} and p.active and p.archived_at is null order by p.name, p.id`;
}

export async function saveRule(sql: Queryable, userId: string, channelId: string, rule: JoinRule) {
  await sql`
    insert into access_join_rules (channel_id, user_id, rule) values (${channelId}, ${userId}, ${rule})
    on conflict (channel_id) do update set rule = excluded.rule, updated_at = now()`;
}

/** The chat as the bot meets a join request in it: its workspace, title and rule. */
export async function chatOfBot(sql: Queryable, botId: string, chatId: number) {
  const [row] = await sql<{ userId: string; title: string; rule: JoinRule | null }[]>`
    select b.user_id as "userId", c.title, r.rule from channels c join bots b on b.id = c.bot_id
    left join access_join_rules r on r.channel_id = c.id where c.bot_id = ${botId} and c.chat_id = ${chatId}`;
  return row;
}

export type DecisionRow = {
  id: string;
  telegramId: bigint;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  /** The table's check constraint holds the same list. */
  decision: GateDecisionKind;
  reason: string;
  memberId: string | null;
  planId: string | null;
  planName: string | null;
  createdAt: Date;
};

/** A chat's decisions, newest first, with who asked (the bot's contact) and the access they were about. */
export async function listDecisions(sql: Queryable, userId: string, channel: GateChannelRow, page: { limit: number; offset: number }) {
  const rows = await sql<DecisionRow[]>`
    select d.id, d.telegram_id as "telegramId", ct.first_name as "firstName", ct.last_name as "lastName", ct.username,
      d.decision, d.reason, d.member_id as "memberId", p.id as "planId", p.name as "planName", d.created_at as "createdAt"
    from access_gate_decisions d
    left join contacts ct on ct.bot_id = d.bot_id and ct.telegram_id = d.telegram_id
    left join access_members m on m.id = d.member_id left join access_plans p on p.id = m.plan_id
    where d.user_id = ${userId} and d.bot_id = ${channel.botId} and d.chat_id = ${channel.chatId}
    order by d.created_at desc, d.id desc limit ${page.limit} offset ${page.offset}`;
  const [count] = await sql<{ total: number }[]>`
    select count(*)::int as total from access_gate_decisions
    where user_id = ${userId} and bot_id = ${channel.botId} and chat_id = ${channel.chatId}`;
  return { rows, total: count?.total ?? 0 };
}
