/** Flow message queries, scoped by the owner through the message's flow. */
import { jsonb } from '../../db/json.ts';
import type { Queryable } from '../../db/client.ts';

export type MessageRow = {
  id: string;
  flowId: string;
  nodeId: string | null;
  content: string;
  parseMode: string;
  buttons: unknown;
  order: number;
  createdAt: Date;
  updatedAt: Date;
};

export type MessageValues = { nodeId: string | null; content: string; parseMode: string; buttons: unknown; order: number };

const columns = (sql: Queryable) => sql`
  m.id, m.flow_id as "flowId", m.node_id as "nodeId", m.content, m.parse_mode as "parseMode", m.buttons,
  m.sort_order as "order", m.created_at as "createdAt", m.updated_at as "updatedAt"`;

export function listMessages(sql: Queryable, userId: string, flowId: string) {
  return sql<MessageRow[]>`
    select ${columns(sql)} from flow_messages m join flows f on f.id = m.flow_id
    where m.flow_id = ${flowId} and f.user_id = ${userId}
    order by m.sort_order, m.created_at, m.id`;
}

export async function findMessage(sql: Queryable, userId: string, messageId: string) {
  const rows = await sql<MessageRow[]>`
    select ${columns(sql)} from flow_messages m join flows f on f.id = m.flow_id
    where m.id = ${messageId} and f.user_id = ${userId}`;
  return rows[0];
}

/** The node, when given, must belong to the same flow; undefined when it does not or the id is taken. */
export async function insertMessage(sql: Queryable, flowId: string, id: string, values: MessageValues) {
  const rows = await sql<MessageRow[]>`
    with inserted as (
      insert into flow_messages (id, flow_id, node_id, content, parse_mode, buttons, sort_order)
      select ${id}, ${flowId}, ${values.nodeId}, ${values.content}, ${values.parseMode},
             ${jsonb(sql, values.buttons)}, ${values.order}
      where ${values.nodeId}::uuid is null
         or exists (select 1 from flow_nodes where id = ${values.nodeId}::uuid and flow_id = ${flowId})
      on conflict (id) do nothing
      returning *)
    select ${columns(sql)} from inserted m`;
  return rows[0];
}

export async function updateMessage(sql: Queryable, messageId: string, values: MessageValues) {
  const rows = await sql<MessageRow[]>`
    with updated as (
      update flow_messages set content = ${values.content}, parse_mode = ${values.parseMode},
        buttons = ${jsonb(sql, values.buttons)}, sort_order = ${values.order}, updated_at = now()
      where id = ${messageId}
      returning *)
    select ${columns(sql)} from updated m`;
  return rows[0];
}

export async function deleteMessage(sql: Queryable, messageId: string) {
  return (await sql`delete from flow_messages where id = ${messageId} returning id`).length > 0;
}

/** Whether any flow message has this id (a client-chosen id that collided). */
export async function idTaken(sql: Queryable, id: string) {
  return (await sql`select 1 from flow_messages where id = ${id}`).length > 0;
}
