import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import type { EditorAction, EditorGraph } from './graph-actions.ts';

/**
 * Adding `node`, connected from `after`'s handle when there is one (a "+" under a card, a connection dropped on an
 * empty spot). A trigger has no input: from a "+" it is added alone. A flow button leads to one node: its earlier
 * edge goes in the same undo step.
 */
export function addNodeAction(graph: EditorGraph, node: FlowNode, after?: { source: FlowNode; handle: string }): EditorAction {
  const connection: FlowConnection | undefined =
    after && node.type !== 'trigger'
      ? { id: crypto.randomUUID(), flowId: node.flowId, sourceNodeId: after.source.id, targetNodeId: node.id, sourceHandle: after.handle, targetHandle: 'default', label: null, createdAt: new Date().toISOString() }
      : undefined;
  const replaced = connection?.sourceHandle.startsWith('button_')
    ? graph.connections.filter((c) => c.sourceNodeId === connection.sourceNodeId && c.sourceHandle === connection.sourceHandle)
    : [];
  const add: EditorAction = { kind: 'addNode', node, connections: connection ? [connection] : [] };
  return replaced.length === 0 ? add : { kind: 'batch', as: 'addNode', actions: [...replaced.map((c) => ({ kind: 'disconnect' as const, connection: c })), add] };
}
