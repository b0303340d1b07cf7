/** Flow queries, always scoped by the owner's user id (docs/decisions.md#d-api-conventions). */
import { notTrashedBot } from '../../db/live-bots.ts';
import type { Queryable } from '../../db/client.ts';

export type FlowRow = {
  id: string;
  botId: string;
  name: string;
  description: string | null;
  enabled: boolean;
  triggerType: string | null;
  executionContexts: string[];
  allowedChannelIds: string[];
  createdAt: Date;
  updatedAt: Date;
};

export type FlowFilter = { botId?: string | undefined; channelId?: string | undefined };

export type FlowValues = {
  botId: string;
  name: string;
  description: string | null;
  enabled: boolean;
  triggerType: string;
  executionContexts: string[];
  allowedChannelIds: string[];
};

const columns = (sql: Queryable) => sql`
  id, bot_id as "botId", name, description, enabled, trigger ->> 'type' as "triggerType",
  execution_contexts as "executionContexts", allowed_channel_ids as "allowedChannelIds",
  created_at as "createdAt", updated_at as "updatedAt"`;

export function listFlows(sql: Queryable, userId: string, filter: FlowFilter) {
  return sql<FlowRow[]>`
    select ${columns(sql)}
    from flows
    where user_id = ${userId} and ${notTrashedBot(sql, userId, 'bot_id')}
      ${filter.botId ? sql`and bot_id = ${filter.botId}` : sql``}
      ${filter.channelId ? sql`and ${filter.channelId} = any(allowed_channel_ids)` : sql``}
    order by created_at desc, id`;
}

/**
 * Runs per flow of the list, counted as the analytics chip counts them (flow-analytics/repository.ts flowCounters):
 * started by a trigger, since the flow's last reset.
 */
export async function executionCounts(sql: Queryable, userId: string, flowIds: readonly string[]): Promise<Map<string, number>> {
  if (flowIds.length === 0) return new Map();
  const rows = await sql<{ flowId: string; executions: number }[]>`
    select f.id as "flowId", count(e.id)::int as executions
    from flows f
    left join flow_stats_resets r on r.flow_id = f.id
    left join flow_executions e on e.flow_id = f.id and e.trigger_node_id is not null
      and e.started_at >= coalesce(r.reset_at, '-infinity')
    where f.user_id = ${userId} and f.id = any(${flowIds}::uuid[])
    group by f.id`;
  return new Map(rows.map((row) => [row.flowId, row.executions]));
}

export async function findFlow(sql: Queryable, userId: string, flowId: string) {
  const rows = await sql<FlowRow[]>`select ${columns(sql)} from flows
    where id = ${flowId} and user_id = ${userId} and ${notTrashedBot(sql, userId, 'bot_id')}`;
  return rows[0];
}

/** The bot must be the user's own; answers undefined when it is not, or when the (client) id is taken. */
export async function insertFlow(sql: Queryable, userId: string, id: string, values: FlowValues) {
  const rows = await sql<FlowRow[]>`
    insert into flows (id, user_id, bot_id, name, description, enabled, trigger, execution_contexts, allowed_channel_ids)
    select ${id}, ${userId}, b.id, ${values.name}, ${values.description}, ${values.enabled},
           jsonb_build_object('type', ${values.triggerType}::text), ${values.executionContexts}, ${values.allowedChannelIds}
    from bots b where b.id = ${values.botId} and b.user_id = ${userId} and b.deleted_at is null
    on conflict (id) do nothing
    returning ${columns(sql)}`;
  return rows[0];
}

export async function updateFlow(sql: Queryable, userId: string, flowId: string, values: FlowValues) {
  const rows = await sql<FlowRow[]>`
    update flows set name = ${values.name}, description = ${values.description}, enabled = ${values.enabled},
      trigger = jsonb_set(trigger, '{type}', to_jsonb(${values.triggerType}::text)),
      execution_contexts = ${values.executionContexts}, allowed_channel_ids = ${values.allowedChannelIds},
      updated_at = now()
    where id = ${flowId} and user_id = ${userId} and ${notTrashedBot(sql, userId, 'bot_id')}
    returning ${columns(sql)}`;
  return rows[0];
}

/** `enabled` undefined flips the stored state in the same statement (no read-modify-write race). */
export async function setEnabled(sql: Queryable, userId: string, flowId: string, enabled: boolean | undefined) {
  const rows = await sql<FlowRow[]>`
    update flows set enabled = coalesce(${enabled ?? null}::boolean, not enabled), updated_at = now()
    where id = ${flowId} and user_id = ${userId} and ${notTrashedBot(sql, userId, 'bot_id')}
    returning ${columns(sql)}`;
  return rows[0];
}

/** Nodes, connections and messages go with it (ON DELETE CASCADE). */
export async function deleteFlow(sql: Queryable, userId: string, flowId: string) {
  const rows = await sql`delete from flows where id = ${flowId} and user_id = ${userId} and ${notTrashedBot(sql, userId, 'bot_id')} returning id`;
  return rows.length > 0;
}

/** Chat ids of the bot's channels, to check a flow's allowedChannelIds against. */
export async function botChatIds(sql: Queryable, userId: string, botId: string) {
  const rows = await sql<{ chatId: bigint }[]>`
    select c.chat_id as "chatId" from channels c join bots b on b.id = c.bot_id
    where c.bot_id = ${botId} and b.user_id = ${userId} and b.deleted_at is null`;
  return rows.map((row) => row.chatId.toString());
}

/** A channel record id (uuid) of the user's, as its Telegram chat id. */
export async function channelChatId(sql: Queryable, userId: string, channelRecordId: string) {
  const rows = await sql<{ chatId: bigint }[]>`
    select c.chat_id as "chatId" from channels c join bots b on b.id = c.bot_id
    where c.id = ${channelRecordId} and b.user_id = ${userId} and b.deleted_at is null`;
  return rows[0]?.chatId.toString();
}

/** The user's flows among `ids` (offline sync pull). */
export function findFlowsByIds(sql: Queryable, userId: string, ids: string[]) {
  return sql<FlowRow[]>`select ${columns(sql)} from flows
    where user_id = ${userId} and id = any(${ids}::uuid[]) and ${notTrashedBot(sql, userId, 'bot_id')}`;
}

/** Whether any user's flow has this id (a client-chosen id that collided). */
export async function idTaken(sql: Queryable, id: string) {
  return (await sql`select 1 from flows where id = ${id}`).length > 0;
}
