/** Connection queries, scoped by the owner through the connection's flow. */
import { notTrashedBot } from '../../db/live-bots.ts';
import type { Queryable } from '../../db/client.ts';

export type ConnectionRow = {
  id: string;
  flowId: string;
  sourceNodeId: string;
  targetNodeId: string;
  sourceHandle: string;
  targetHandle: string;
  label: string | null;
  createdAt: Date;
};

export type ConnectionValues = Omit<ConnectionRow, 'createdAt'>;

const columns = (sql: Queryable) => sql`
  c.id, c.flow_id as "flowId", c.source_node_id as "sourceNodeId", c.target_node_id as "targetNodeId",
  c.source_handle as "sourceHandle", c.target_handle as "targetHandle", c.label, c.created_at as "createdAt"`;

export function listConnections(sql: Queryable, userId: string, flowId: string) {
  return sql<ConnectionRow[]>`
    select ${columns(sql)} from flow_connections c join flows f on f.id = c.flow_id
    where c.flow_id = ${flowId} and f.user_id = ${userId}
    order by c.created_at, c.id`;
}

export async function findConnection(sql: Queryable, userId: string, connectionId: string) {
  const rows = await sql<ConnectionRow[]>`
    select ${columns(sql)} from flow_connections c join flows f on f.id = c.flow_id
    where c.id = ${connectionId} and f.user_id = ${userId}`;
  return rows[0];
}

/** Undefined when the id is taken or the same edge (source, handle, target) exists already. */
export async function insertConnection(sql: Queryable, values: ConnectionValues) {
  const rows = await sql<ConnectionRow[]>`
    with inserted as (
      insert into flow_connections (id, flow_id, source_node_id, target_node_id, source_handle, target_handle, label)
      values (${values.id}, ${values.flowId}, ${values.sourceNodeId}, ${values.targetNodeId}, ${values.sourceHandle},
              ${values.targetHandle}, ${values.label})
      on conflict do nothing
      returning *)
    select ${columns(sql)} from inserted c`;
  return rows[0];
}

export async function connectionIdTaken(sql: Queryable, id: string) {
  return (await sql`select 1 from flow_connections where id = ${id}`).length > 0;
}

export async function deleteConnection(sql: Queryable, connectionId: string) {
  const rows = await sql`delete from flow_connections where id = ${connectionId} returning id`;
  return rows.length > 0;
}

/** Button edges ending at a node: deleting the node leaves those buttons unconnected again. */
export function buttonEdgesInto(sql: Queryable, nodeId: string) {
  return sql<{ sourceNodeId: string; sourceHandle: string }[]>`
    select source_node_id as "sourceNodeId", source_handle as "sourceHandle"
    from flow_connections where target_node_id = ${nodeId} and source_handle like 'button\\_%'`;
}

/** The user's connections among `ids` (offline sync pull). */
export function findConnectionsByIds(sql: Queryable, userId: string, ids: string[]) {
  return sql<ConnectionRow[]>`
    select ${columns(sql)} from flow_connections c join flows f on f.id = c.flow_id
    where c.user_id = ${userId} and c.id = any(${ids}::uuid[]) and ${notTrashedBot(sql, userId, 'f.bot_id')}`;
}
