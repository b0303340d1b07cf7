/**
 * Editor actions → named outbox mutations (shared/sync/mutations.ts). The editor never calls the REST routes: each
 * action is queued (and applied to the local cache) in order, so a connection always follows the node it starts
 * from, offline or not. Moves are written apart (hooks/use-position-saves.ts): a burst of them becomes one
 * node.savePositions with the nodes it moved.
 */
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import type { Queued } from '../../../offline/outbox.ts';
import type { EditorAction, WriteAction, XY } from '../model/graph-actions.ts';
import { EDITOR_TOASTS } from './editor-texts.ts';

export type QueuedMutation = Queued;

const createNode = ({ id, flowId, type, subType, position, config, label, order }: FlowNode): QueuedMutation => ({
  name: 'node.create',
  args: { node: { id, flowId, type, subType, position, config, label, order } },
});

const createConnection = ({ id, flowId, sourceNodeId, targetNodeId, sourceHandle, targetHandle }: FlowConnection): QueuedMutation => ({
  name: 'connection.create',
  args: { connection: { id, flowId, sourceNodeId, targetNodeId, sourceHandle, targetHandle } },
});

export function actionMutations(action: EditorAction): QueuedMutation[] {
  switch (action.kind) {
    case 'addNode':
      return [createNode(action.node), ...action.connections.map(createConnection)];
    case 'removeNode':
      // The server (and the local apply) drop the node's connections with it.
      return [{ name: 'node.delete', args: { nodeId: action.node.id } }];
    case 'connect':
      return [createConnection(action.connection)];
    case 'disconnect':
      return [{ name: 'connection.delete', args: { connectionId: action.connection.id } }];
    case 'updateNode':
      return [{ name: 'node.update', args: { nodeId: action.nodeId, changes: action.after } }];
    case 'move':
      return [];
    case 'batch':
      return action.actions.flatMap(actionMutations);
  }
}

/** The positions of the nodes moved, as one write (last writer wins per node). */
export function positionsMutation(flowId: string, nodes: ReadonlyArray<{ id: string; position: XY }>): QueuedMutation {
  return { name: 'node.savePositions', args: { flowId, positions: nodes.map((node) => ({ nodeId: node.id, position: node.position })) } };
}

/**
 * Toasts of docs/product.md#toasts-editor per action: the success one for the user's own step (undo and redo announce the flow as a
 * whole); the error one when the change could not even be queued. A change the server refuses later is told by
 * the offline layer, with the server's message, so it is not toasted here again.
 */
const ACTION_TOASTS: Record<WriteAction['kind'] | 'move', { success?: string; error: string }> = {
  addNode: { success: EDITOR_TOASTS.addNodeSuccess, error: EDITOR_TOASTS.addNodeError },
  removeNode: { success: EDITOR_TOASTS.deleteNodeSuccess, error: EDITOR_TOASTS.deleteNodeError },
  connect: { success: EDITOR_TOASTS.connectSuccess, error: EDITOR_TOASTS.connectError },
  disconnect: { error: EDITOR_TOASTS.disconnectError },
  updateNode: { success: EDITOR_TOASTS.updateNodeSuccess, error: EDITOR_TOASTS.updateNodeError },
  move: { error: EDITOR_TOASTS.saveError },
};

/** A batch is told as the action it stands for. */
export const actionToasts = (action: EditorAction) => ACTION_TOASTS[action.kind === 'batch' ? action.as : action.kind];
