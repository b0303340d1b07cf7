/** Loads what the engine runs: the enabled flows of one bot with their nodes and connections. */
import { notTrashedBot } from '../../db/live-bots.ts';
import type { Queryable } from '../../db/client.ts';

export type EngineFlowRow = {
  id: string;
  userId: string;
  botId: string;
  executionContexts: string[];
  allowedChannelIds: string[];
};
export type EngineNodeRow = { id: string; flowId: string; subType: string; config: Record<string, unknown>; order: number };
export type EngineConnectionRow = { flowId: string; sourceNodeId: string; targetNodeId: string; sourceHandle: string };

export async function loadBotGraphs(sql: Queryable, botId: string) {
  const flows = await sql<EngineFlowRow[]>`
    select f.id, f.user_id as "userId", f.bot_id as "botId", f.execution_contexts as "executionContexts",
           f.allowed_channel_ids as "allowedChannelIds"
    from flows f join bots b on b.id = f.bot_id and b.user_id = f.user_id
    where f.bot_id = ${botId} and f.enabled`;
  if (flows.length === 0) return { flows, nodes: [], connections: [] };
  const ids = flows.map((flow) => flow.id);
  const [nodes, connections] = await Promise.all([
    sql<EngineNodeRow[]>`
      select id, flow_id as "flowId", sub_type as "subType", config, sort_order as "order"
      from flow_nodes where flow_id = any(${ids}::uuid[])`,
    sql<EngineConnectionRow[]>`
      select c.flow_id as "flowId", c.source_node_id as "sourceNodeId", c.target_node_id as "targetNodeId",
             c.source_handle as "sourceHandle"
      from flow_connections c join flow_nodes t on t.id = c.target_node_id
      where c.flow_id = any(${ids}::uuid[])
      order by t.sort_order, c.created_at`,
  ]);
  return { flows, nodes, connections };
}

/** One flow (enabled or not) of its owner, for test runs from the editor. */
export async function loadOwnedFlowGraph(sql: Queryable, userId: string, flowId: string) {
  const [flow] = await sql<EngineFlowRow[]>`
    select id, user_id as "userId", bot_id as "botId", execution_contexts as "executionContexts",
           allowed_channel_ids as "allowedChannelIds"
    from flows where id = ${flowId} and user_id = ${userId} and ${notTrashedBot(sql, userId, 'bot_id')}`;
  if (!flow) return undefined;
  const [nodes, connections] = await Promise.all([
    sql<EngineNodeRow[]>`
      select id, flow_id as "flowId", sub_type as "subType", config, sort_order as "order"
      from flow_nodes where flow_id = ${flowId}`,
    sql<EngineConnectionRow[]>`
      select c.flow_id as "flowId", c.source_node_id as "sourceNodeId", c.target_node_id as "targetNodeId",
             c.source_handle as "sourceHandle"
      from flow_connections c join flow_nodes t on t.id = c.target_node_id
      where c.flow_id = ${flowId}
      order by t.sort_order, c.created_at`,
  ]);
  return { flows: [flow], nodes, connections };
}
