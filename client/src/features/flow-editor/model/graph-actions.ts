/**
 * Editor actions as data (Typebot's per-entity actions with undo): each becomes named outbox mutations
 * (api/action-mutations.ts), and is undone by queueing the mutations of its inverse. Ids are client-made UUIDs, so
 * undoing a deletion re-creates the very same node and connections.
 */
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
  /** Only on screen until Salvar writes every position. */
  | { kind: 'move'; moves: NodeMove[] };

export const touching = (graph: EditorGraph, nodeId: string) =>
  graph.connections.filter((c) => c.sourceNodeId === nodeId || c.targetNodeId === nodeId);

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
