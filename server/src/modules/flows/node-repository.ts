/** Node queries. A node is the user's when its flow is: every query joins flows on the owner's id. */
import { jsonb } from '../../db/json.ts';
import { notTrashedBot } from '../../db/live-bots.ts';
import type { Queryable } from '../../db/client.ts';

/** A node's stored fields as a creation sets them. */
export type NodeValues = {
  type: string;
  subType: string;
  label: string;
  x: number;
  y: number;
  config: Record<string, unknown>;
  order: number;
};

export type NodeRow = NodeValues & { id: string; flowId: string; createdAt: Date; updatedAt: Date };

const columns = (sql: Queryable) => sql`
  n.id, n.flow_id as "flowId", n.type, n.sub_type as "subType", n.label, n.position_x as "x", n.position_y as "y",
  n.config, n.sort_order as "order", n.created_at as "createdAt", n.updated_at as "updatedAt"`;

export function listNodes(sql: Queryable, userId: string, flowId: string) {
  return sql<NodeRow[]>`
    select ${columns(sql)} from flow_nodes n join flows f on f.id = n.flow_id
    where n.flow_id = ${flowId} and f.user_id = ${userId}
    order by n.sort_order, n.created_at, n.id`;
}

export async function findNode(sql: Queryable, userId: string, nodeId: string) {
  const rows = await sql<NodeRow[]>`
    select ${columns(sql)} from flow_nodes n join flows f on f.id = n.flow_id
    where n.id = ${nodeId} and f.user_id = ${userId}`;
  return rows[0];
}

/**
 * Inserts into the user's flow in one statement, ownership included. Answers undefined when the flow is not the
 * user's or the (client) id is already taken; the caller tells which apart only on that rare path.
 */
export async function insertOwnedNode(sql: Queryable, userId: string, flowId: string, id: string, values: NodeValues) {
  const rows = await sql<NodeRow[]>`
    with inserted as (
      insert into flow_nodes (id, flow_id, type, sub_type, label, position_x, position_y, config, sort_order)
      select ${id}, f.id, ${values.type}, ${values.subType}, ${values.label}, ${values.x}, ${values.y},
             ${jsonb(sql, values.config)}, ${values.order}
      from flows f where f.id = ${flowId} and f.user_id = ${userId}
      on conflict (id) do nothing
      returning *)
    select ${columns(sql)} from inserted n`;
  return rows[0];
}

/** What an update may change; absent fields (and an empty label) keep the stored value. */
export type NodeChanges = { label?: string; x?: number; y?: number; config?: Record<string, unknown>; order?: number };

/**
 * Updates the user's node in one statement, ownership included (flow_nodes.user_id is the flow owner's, migration
 * 0400): no lookup round trip first, which the offline replay of many moves pays for every mutation. Answers
 * undefined when the node is not the user's.
 */
export async function updateOwnedNode(sql: Queryable, userId: string, nodeId: string, changes: NodeChanges) {
  const config = changes.config === undefined ? null : jsonb(sql, changes.config);
  const rows = await sql<NodeRow[]>`
    with updated as (
      update flow_nodes set
        label = coalesce(nullif(${changes.label ?? null}::text, ''), label),
        position_x = coalesce(${changes.x ?? null}::float8, position_x),
        position_y = coalesce(${changes.y ?? null}::float8, position_y),
        config = coalesce(${config}::jsonb, config),
        sort_order = coalesce(${changes.order ?? null}::int, sort_order),
        updated_at = now()
      where id = ${nodeId} and user_id = ${userId}
      returning *)
    select ${columns(sql)} from updated n`;
  return rows[0];
}

/** Connections into and out of it go too (composite foreign keys, ON DELETE CASCADE). */
export async function deleteNode(sql: Queryable, nodeId: string) {
  const rows = await sql`delete from flow_nodes where id = ${nodeId} returning id`;
  return rows.length > 0;
}

/** Points one button of a send_buttons node somewhere (`flow_{id}` or `flow_pending`). */
export async function setButtonValue(sql: Queryable, nodeId: string, row: number, index: number, value: string) {
  await sql`
    update flow_nodes set
      config = jsonb_set(jsonb_set(config, ${['buttons', String(row), String(index), 'value']}::text[], to_jsonb(${value}::text)),
                         ${['buttons', String(row), String(index), 'type']}::text[], '"callback"'::jsonb),
      updated_at = now()
    where id = ${nodeId} and config #> ${['buttons', String(row), String(index)]}::text[] is not null`;
}

/** The user's nodes among `ids` (offline sync pull); user_id is the flow owner's (migration 0400). */
export function findNodesByIds(sql: Queryable, userId: string, ids: string[]) {
  return sql<NodeRow[]>`select ${columns(sql)} from flow_nodes n join flows f on f.id = n.flow_id
    where n.user_id = ${userId} and n.id = any(${ids}::uuid[]) and ${notTrashedBot(sql, userId, 'f.bot_id')}`;
}

/**
 * Moves many nodes of one flow in one statement (Salvar). Ids that are not nodes of this flow are ignored: a node
 * deleted meanwhile (on another device) simply has no position to save. Rows are taken in id order so two
 * concurrent saves of overlapping nodes lock them in the same order.
 */
export async function setPositions(sql: Queryable, flowId: string, positions: Array<{ nodeId: string; x: number; y: number }>) {
  const rows = await sql<{ id: string }[]>`
    with wanted as (
      select n.id, p.x, p.y from flow_nodes n
      join jsonb_to_recordset(${jsonb(sql, positions)}) as p("nodeId" uuid, x float8, y float8) on p."nodeId" = n.id
      where n.flow_id = ${flowId}
      order by n.id
      for update of n)
    update flow_nodes n set position_x = w.x, position_y = w.y, updated_at = now()
    from wanted w where n.id = w.id
    returning n.id`;
  return rows.length;
}
