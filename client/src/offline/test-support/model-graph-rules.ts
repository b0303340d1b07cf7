/**
 * The model server's flow-graph rules, written from the server's node and connection services
 * (server/src/modules/flows/node-service.ts, connection-service.ts, their repositories and migration 0200), not
 * from the client's appliers: both ends of an edge are nodes of its flow, a trigger has no input, `true` / `false`
 * leave conditions only, a `button_{row}_{index}` handle names an existing button of a send_buttons node and points
 * it at the target; removing the edge, or the target node, makes that button `flow_pending` again (a jsonb_set that
 * also makes it a callback, only where the button still exists). Node deletes cascade to their edges.
 */
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import { isNodeSubType, SUBTYPE_LABELS } from '@shared/flows/node-catalog.ts';
import { parseNodeConfig } from '@shared/flows/node-configs.ts';

export type GraphState = {
  flows: Map<string, { id: string }>;
  flowNodes: Map<string, FlowNode>;
  flowConnections: Map<string, FlowConnection>;
};

export type GraphWrite = (table: 'flowNodes' | 'flowConnections', id: string, row: FlowNode | FlowConnection | null) => void;
export type Refuse = (code: string, message: string) => never;

const BUTTON = /^button_(\d+)_(\d+)$/;
const PENDING = 'flow_pending';

function buttonOf(handle: string) {
  const match = BUTTON.exec(handle);
  return match ? { row: Number(match[1]), index: Number(match[2]) } : undefined;
}

/** setButtonValue: `config #> {buttons,row,index} is not null` guards the update; type and value are set. */
function setButton(node: FlowNode, handle: string, value: string, at: string): FlowNode | undefined {
  const button = buttonOf(handle);
  const rows = node.config.buttons;
  if (!button || !Array.isArray(rows)) return undefined;
  const row: unknown = rows[button.row];
  if (!Array.isArray(row) || row[button.index] === undefined || row[button.index] === null) return undefined;
  const config = structuredClone(node.config) as { buttons: Record<string, unknown>[][] };
  config.buttons[button.row]![button.index] = { ...config.buttons[button.row]![button.index], value, type: 'callback' };
  return { ...node, config, updatedAt: at };
}

/** handleFits of connection-service.ts. */
function handleFits(source: FlowNode, handle: string) {
  if (handle === 'default') return true;
  if (handle === 'true' || handle === 'false') return source.type === 'condition';
  const button = buttonOf(handle);
  const rows = source.config.buttons;
  return source.subType === 'send_buttons' && button !== undefined && Array.isArray(rows) && Array.isArray(rows[button.row]) && button.index < rows[button.row].length;
}

/** Tombstones of a flow's graph: the composite foreign keys cascade row by row, and each row logs its delete. */
export function deleteFlowGraph(state: GraphState, write: GraphWrite, flowId: string) {
  for (const connection of state.flowConnections.values()) if (connection.flowId === flowId) write('flowConnections', connection.id, null);
  for (const node of state.flowNodes.values()) if (node.flowId === flowId) write('flowNodes', node.id, null);
}

/** Answers false when `name` is not a graph mutation. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- args were parsed by the shared schema; the model reads them loosely on purpose
export function graphApply(state: GraphState, write: GraphWrite, refuse: Refuse, name: string, args: any, at: string): boolean {
  const notFound = (): never => refuse('NOT_FOUND', 'Recurso não encontrado');
  const invalid = (): never => refuse('CONNECTION_INVALID', 'Conexão inválida');
  switch (name) {
    case 'node.create': {
      const { node } = args;
      // insertOwnedNode: `on conflict (id) do nothing`, then the flow's ownership tells the refusal apart.
      if (!state.flows.has(node.flowId)) notFound();
      if (state.flowNodes.has(node.id)) refuse('VALIDATION_FAILED', 'Identificador inválido');
      write('flowNodes', node.id, {
        id: node.id, flowId: node.flowId, type: node.type, subType: node.subType, label: node.label || SUBTYPE_LABELS[node.subType as keyof typeof SUBTYPE_LABELS],
        position: { x: node.position.x, y: node.position.y }, config: node.config, order: node.order, createdAt: at, updatedAt: at,
      });
      return true;
    }
    case 'node.update': {
      const { changes } = args;
      const current = state.flowNodes.get(args.nodeId) ?? notFound();
      let config = current.config;
      if (changes.config) {
        if (isNodeSubType(current.subType)) {
          const parsed = parseNodeConfig(current.subType, changes.config);
          if (!parsed.success) refuse('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Dados inválidos');
          else config = parsed.data as Record<string, unknown>;
        } else config = current.config;
      }
      write('flowNodes', current.id, {
        ...current,
        label: changes.label ? changes.label : current.label,
        position: { x: changes.position?.x ?? current.position.x, y: changes.position?.y ?? current.position.y },
        config,
        order: changes.order ?? current.order,
        updatedAt: at,
      });
      return true;
    }
    case 'node.savePositions': {
      if (!state.flows.has(args.flowId)) notFound();
      // setPositions: only nodes of this flow; a node deleted meanwhile has no position to save.
      for (const { nodeId, position } of args.positions as { nodeId: string; position: { x: number; y: number } }[]) {
        const node = state.flowNodes.get(nodeId);
        if (node && node.flowId === args.flowId) write('flowNodes', nodeId, { ...node, position: { x: position.x, y: position.y }, updatedAt: at });
      }
      return true;
    }
    case 'node.delete': {
      const node = state.flowNodes.get(args.nodeId) ?? notFound();
      // buttonEdgesInto, then one setButtonValue per edge: several edges may leave the same source node.
      const touched = new Map<string, FlowNode>();
      for (const edge of state.flowConnections.values()) {
        if (edge.targetNodeId !== node.id || !edge.sourceHandle.startsWith('button_')) continue;
        const source = touched.get(edge.sourceNodeId) ?? state.flowNodes.get(edge.sourceNodeId);
        const changed = source && setButton(source, edge.sourceHandle, PENDING, at);
        if (changed) touched.set(changed.id, changed);
      }
      for (const [id, changed] of touched) if (id !== node.id) write('flowNodes', id, changed);
      for (const edge of state.flowConnections.values()) {
        if (edge.sourceNodeId === node.id || edge.targetNodeId === node.id) write('flowConnections', edge.id, null);
      }
      write('flowNodes', node.id, null);
      return true;
    }
    case 'connection.create': {
      const { connection } = args;
      if (!state.flows.has(connection.flowId)) notFound();
      const source = state.flowNodes.get(connection.sourceNodeId);
      const target = state.flowNodes.get(connection.targetNodeId);
      if (!source || !target || source.flowId !== connection.flowId || target.flowId !== connection.flowId) invalid();
      if (target!.type === 'trigger' || !handleFits(source!, connection.sourceHandle)) invalid();
      // insertConnection: `on conflict do nothing` over the primary key and unique (source, handle, target).
      const duplicate = [...state.flowConnections.values()].some(
        (edge) => edge.sourceNodeId === connection.sourceNodeId && edge.sourceHandle === connection.sourceHandle && edge.targetNodeId === connection.targetNodeId,
      );
      if (state.flowConnections.has(connection.id)) refuse('VALIDATION_FAILED', 'Identificador inválido');
      if (duplicate) refuse('CONNECTION_EXISTS', 'Conexão já existe');
      write('flowConnections', connection.id, {
        id: connection.id, flowId: connection.flowId, sourceNodeId: connection.sourceNodeId, targetNodeId: connection.targetNodeId,
        sourceHandle: connection.sourceHandle, targetHandle: connection.targetHandle, label: connection.label ?? null, createdAt: at,
      });
      const pointed = setButton(source!, connection.sourceHandle, `flow_${connection.targetNodeId}`, at);
      if (pointed) write('flowNodes', pointed.id, pointed);
      return true;
    }
    case 'connection.delete': {
      const edge = state.flowConnections.get(args.connectionId) ?? notFound();
      write('flowConnections', edge.id, null);
      const source = state.flowNodes.get(edge.sourceNodeId);
      const pending = source && setButton(source, edge.sourceHandle, PENDING, at);
      if (pending) write('flowNodes', pending.id, pending);
      return true;
    }
    default:
      return false;
  }
}
