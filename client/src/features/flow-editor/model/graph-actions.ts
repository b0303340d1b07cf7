/**
 * Editor actions as data (Typebot's per-entity actions with undo): each becomes named outbox mutations
 * (api/action-mutations.ts), and is undone by queueing the mutations of its inverse. Ids are client-made UUIDs, so
 * undoing a deletion re-creates the very same node and connections.
 */
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';

export type XY = { x: number; y: number };
export type EditorGraph = { nodes: FlowNode[]; connections: FlowConnection[] };
export type NodePatch = { label?: string; config?: Record<string, unknown> };
export type NodeMove = { nodeId: string; from: XY; to: XY };

/** The actions that write: each is one or a few mutations. */
export type WriteAction =
  /** `connections` come back with the node (the inverse of removing it). */
  | { kind: 'addNode'; node: FlowNode; connections: FlowConnection[] }
  | { kind: 'removeNode'; node: FlowNode; connections: FlowConnection[] }
  | { kind: 'connect'; connection: FlowConnection }
  | { kind: 'disconnect'; connection: FlowConnection }
  | { kind: 'updateNode'; nodeId: string; before: NodePatch; after: NodePatch };

export type EditorAction =
  | WriteAction
  /** Shown at once; its positions are queued shortly after (hooks/use-position-saves.ts). */
  | { kind: 'move'; moves: NodeMove[] }
  /**
   * Several writes as one undo step, queued in order (and undone in reverse), told to the user as the `as` action:
   * a node save that moves its button edges, a button edge that replaces the earlier one.
   */
  | { kind: 'batch'; as: WriteAction['kind']; actions: WriteAction[] };

export const touching = (graph: EditorGraph, nodeId: string) =>
  graph.connections.filter((c) => c.sourceNodeId === nodeId || c.targetNodeId === nodeId);

export function invertAction(action: EditorAction): EditorAction {
  if (action.kind === 'batch') return { ...action, actions: action.actions.map(invertWrite).reverse() };
  if (action.kind === 'move') return { kind: 'move', moves: action.moves.map((m) => ({ nodeId: m.nodeId, from: m.to, to: m.from })) };
  return invertWrite(action);
}

function invertWrite(action: WriteAction): WriteAction {
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
  }
}
