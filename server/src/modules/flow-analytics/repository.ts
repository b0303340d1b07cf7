/** Execution history and counters, always reached through flows.user_id (docs/decisions.md#d-api-conventions: scoped to the owner). */
import { notTrashedBot } from '../../db/live-bots.ts';
import type { Queryable } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';

export type ExecutionRow = {
  id: string; flowId: string; contactTelegramId: bigint; chatId: bigint; triggerNodeId: string | null; status: string;
  stepCount: number; error: string | null; startedAt: Date; finishedAt: Date | null; steps?: unknown;
};

const summary = (sql: Queryable) => sql`
  e.id, e.flow_id as "flowId", e.contact_telegram_id as "contactTelegramId", e.chat_id as "chatId",
  e.trigger_node_id as "triggerNodeId", e.status, e.step_count as "stepCount", e.error, e.started_at as "startedAt",
  e.finished_at as "finishedAt"`;

export const ownsFlow = async (sql: Queryable, userId: string, flowId: string) =>
  isUuid(flowId) && (await sql`select 1 from flows where id = ${flowId} and user_id = ${userId} and ${notTrashedBot(sql, userId, 'bot_id')}`).length > 0;

export const ownsNode = async (sql: Queryable, userId: string, nodeId: string) =>
  isUuid(nodeId) && (await sql`select 1 from flow_nodes n join flows f on f.id = n.flow_id where n.id = ${nodeId} and f.user_id = ${userId} and ${notTrashedBot(sql, userId, 'f.bot_id')}`).length > 0;

export function listExecutions(sql: Queryable, userId: string, flowId: string, limit: number) {
  return sql<ExecutionRow[]>`
    select ${summary(sql)} from flow_executions e join flows f on f.id = e.flow_id
    where e.flow_id = ${flowId} and f.user_id = ${userId}
    order by e.started_at desc limit ${limit}`;
}

export async function findExecution(sql: Queryable, userId: string, flowId: string, executionId: string) {
  if (!isUuid(executionId)) return undefined;
  const [row] = await sql<ExecutionRow[]>`
    select ${summary(sql)}, e.steps from flow_executions e join flows f on f.id = e.flow_id
    where e.id = ${executionId} and e.flow_id = ${flowId} and f.user_id = ${userId}`;
  return row;
}

/**
 * Executions count the runs a trigger started: a flow-button press walks as its own execution (its own step
 * budget) but continues the same conversation, so it is listed in the history, not counted as another run.
 */
export async function flowCounters(sql: Queryable, flowId: string) {
  const [counts] = await sql<{ total: number; completed: number; failed: number }[]>`
    select count(*)::int as total, count(*) filter (where status = 'completed')::int as completed,
           count(*) filter (where status in ('failed', 'stopped'))::int as failed
    from flow_executions
    where flow_id = ${flowId} and trigger_node_id is not null
      and started_at >= coalesce((select reset_at from flow_stats_resets where flow_id = ${flowId}), '-infinity')`;
  const nodes = await sql<{ nodeId: string; visits: number }[]>`
    select node_id as "nodeId", visits::int as visits from flow_node_stats where flow_id = ${flowId} order by node_id`;
  const clicks = await sql<{ nodeId: string; buttonId: string; clicks: number }[]>`
    select c.node_id as "nodeId", c.button_id as "buttonId", c.clicks::int as clicks
    from flow_button_clicks c join flow_nodes n on n.id = c.node_id
    where n.flow_id = ${flowId} order by c.node_id, c.button_id`;
  return { counts: counts ?? { total: 0, completed: 0, failed: 0 }, nodes, clicks };
}

export async function nodeCounters(sql: Queryable, nodeId: string) {
  const [stats] = await sql<{ visits: number }[]>`select visits::int as visits from flow_node_stats where node_id = ${nodeId}`;
  const clicks = await sql<{ buttonId: string; clicks: number }[]>`
    select button_id as "buttonId", clicks::int as clicks from flow_button_clicks where node_id = ${nodeId} order by button_id`;
  return { visits: stats?.visits ?? 0, clicks };
}

/**
 * Resetting a flow clears its history and every node's counters; a waiting execution keeps its pending delay but,
 * having started before the reset, no longer counts (flow_stats_resets).
 */
export async function resetFlow(sql: Queryable, flowId: string) {
  await sql`
    insert into flow_stats_resets (flow_id, reset_at) values (${flowId}, now())
    on conflict (flow_id) do update set reset_at = excluded.reset_at`;
  await sql`delete from flow_executions where flow_id = ${flowId} and status <> 'waiting'`;
  await sql`delete from flow_node_stats where flow_id = ${flowId}`;
  await sql`delete from flow_button_clicks where node_id in (select id from flow_nodes where flow_id = ${flowId})`;
}

export async function resetNode(sql: Queryable, nodeId: string) {
  await sql`delete from flow_node_stats where node_id = ${nodeId}`;
  await sql`delete from flow_button_clicks where node_id = ${nodeId}`;
}
