/**
 * Editor actions as data (Typebot's per-entity actions with undo): each is applied to the local graph at once,
 * sent to the server by persist-action.ts, and undone by applying its inverse. Ids are client-made UUIDs, so
 * undoing a deletion re-creates the very same node and connections.
 */
import { FLOW_PENDING, flowButtonValue, parseButtonHandle } from '../../../../../shared/flows/buttons.ts';
import type { FlowConnection, FlowNode } from '../../../../../shared/flows/graph.ts';

export type XY = { x: number; y: number };
export type EditorGraph = { nodes: FlowNode[]; connections: FlowConnection[] };
export type NodePatch = { label?: string; config?: Record<string, unknown> };
export type NodeMove = { nodeId: string; from: XY; to: XY };

export type EditorAction =
  /** `connections` come back with the node (the inverse of removing it). */
  | { kind: 'addNode'; node: FlowNode; connections: FlowConnection[] }
  | { kind: 'removeNode'; node: FlowNode; connections: FlowConnection[] }
  | { kind: 'connect'; connection: FlowConnection }
  | { kind: 'disconnect'; connection: FlowConnection }
  | { kind: 'updateNode'; nodeId: string; before: NodePatch; after: NodePatch }
  | { kind: 'move'; moves: NodeMove[] };

/** A button edge points its button at the target; without the edge the button is pending (server does the same). */
function setButtonValue(nodes: FlowNode[], edge: FlowConnection, value: string): FlowNode[] {
  const button = parseButtonHandle(edge.sourceHandle);
  if (!button) return nodes;
  return nodes.map((node) => {
    const rows = node.config.buttons;
    if (node.id !== edge.sourceNodeId || !Array.isArray(rows) || !Array.isArray(rows[button.row])) return node;
    const buttons = rows.map((row: unknown, r: number) =>
      r === button.row && Array.isArray(row) ? row.map((b: unknown, i: number) => (i === button.index ? { ...Object(b), type: 'callback', value } : b)) : row,
    );
    return { ...node, config: { ...node.config, buttons } };
  });
}

const addEdges = (graph: EditorGraph, edges: FlowConnection[]): EditorGraph => ({
  nodes: edges.reduce((nodes, edge) => setButtonValue(nodes, edge, flowButtonValue(edge.targetNodeId)), graph.nodes),
  connections: [...graph.connections.filter((c) => !edges.some((e) => e.id === c.id)), ...edges],
});

const dropEdges = (graph: EditorGraph, edges: FlowConnection[]): EditorGraph => ({
  nodes: edges.reduce((nodes, edge) => setButtonValue(nodes, edge, FLOW_PENDING), graph.nodes),
  connections: graph.connections.filter((c) => !edges.some((e) => e.id === c.id)),
});

export const touching = (graph: EditorGraph, nodeId: string) =>
  graph.connections.filter((c) => c.sourceNodeId === nodeId || c.targetNodeId === nodeId);

export function applyAction(graph: EditorGraph, action: EditorAction): EditorGraph {
  switch (action.kind) {
    case 'addNode':
      return addEdges({ ...graph, nodes: [...graph.nodes.filter((n) => n.id !== action.node.id), action.node] }, action.connections);
    case 'removeNode': {
      const rest = dropEdges(graph, touching(graph, action.node.id));
      return { ...rest, nodes: rest.nodes.filter((n) => n.id !== action.node.id) };
    }
    case 'connect':
      return addEdges(graph, [action.connection]);
    case 'disconnect':
      return dropEdges(graph, [action.connection]);
    case 'updateNode':
      return { ...graph, nodes: graph.nodes.map((n) => (n.id === action.nodeId ? { ...n, ...action.after } : n)) };
    case 'move': {
      const to = new Map(action.moves.map((m) => [m.nodeId, m.to]));
      return { ...graph, nodes: graph.nodes.map((n) => (to.has(n.id) ? { ...n, position: to.get(n.id) ?? n.position } : n)) };
    }
  }
}

export function invertAction(action: EditorAction): EditorAction {
  switch (action.kind) {
    case 'addNode':
      return { kind: 'removeNode', node: action.node, connections: action.connections };
    case 'removeNode':
      return { kind: 'addNode', node: action.node, connections: action.connections };
    case 'connect':
      return { kind: 'disconnect', connection: action.connection };
    case 'disconnect':
      return { kind: 'connect', connection: action.connection };
    case 'updateNode':
      return { ...action, before: action.after, after: action.before };
    case 'move':
      return { kind: 'move', moves: action.moves.map((m) => ({ nodeId: m.nodeId, from: m.to, to: m.from })) };
  }
}
