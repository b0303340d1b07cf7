/** The graph rows of a duplicated flow (duplicate-flow.ts), each table in one statement fed with a JSON array. */
import { jsonb } from '../../db/json.ts';
import type { Queryable } from '../../db/client.ts';

export async function insertNodeCopies(sql: Queryable, copyId: string, nodeRows: unknown[]) {
  await sql`
    insert into flow_nodes (id, flow_id, type, sub_type, label, position_x, position_y, config, sort_order)
    select r.id, ${copyId}, r.type, r."subType", r.label, r.x, r.y, r.config, r."order"
    from jsonb_to_recordset(${jsonb(sql, nodeRows)})
      as r(id uuid, type text, "subType" text, label text, x float8, y float8, config jsonb, "order" int)`;
}

export async function insertConnectionCopies(sql: Queryable, copyId: string, edgeRows: unknown[]) {
  await sql`
    insert into flow_connections (id, flow_id, source_node_id, target_node_id, source_handle, target_handle, label)
    select r.id, ${copyId}, r."sourceNodeId", r."targetNodeId", r."sourceHandle", r."targetHandle", r.label
    from jsonb_to_recordset(${jsonb(sql, edgeRows)})
      as r(id uuid, "sourceNodeId" uuid, "targetNodeId" uuid, "sourceHandle" text, "targetHandle" text, label text)`;
}

export async function insertMessageCopies(sql: Queryable, copyId: string, messageRows: unknown[]) {
  await sql`
    insert into flow_messages (id, flow_id, node_id, content, parse_mode, buttons, sort_order)
    select r.id, ${copyId}, r."nodeId", r.content, r."parseMode", r.buttons, r."order"
    from jsonb_to_recordset(${jsonb(sql, messageRows)})
      as r(id uuid, "nodeId" uuid, content text, "parseMode" text, buttons jsonb, "order" int)`;
}
