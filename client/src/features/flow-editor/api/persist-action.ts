/**
 * The server writes of one editor action. Moves write nothing: positions are written by Salvar (part 2 §4
 * "saving the flow writes the position of every node"). Kept apart from the hook so the offline outbox can
 * take over this mapping (one named mutation per case) without touching the editor.
 */
import type { EditorAction } from '../model/graph-actions.ts';
import * as calls from './editor-api.ts';
import { EDITOR_TOASTS } from './editor-texts.ts';

export async function persistAction(action: EditorAction): Promise<void> {
  switch (action.kind) {
    case 'addNode':
      await calls.createNode(action.node);
      for (const connection of action.connections) await calls.createConnection(connection);
      return;
    case 'removeNode':
      return calls.deleteNode(action.node.id);
    case 'connect':
      return calls.createConnection(action.connection);
    case 'disconnect':
      return calls.deleteConnection(action.connection.id);
    case 'updateNode':
      return calls.updateNode(action.nodeId, action.after, EDITOR_TOASTS.updateNodeError);
    case 'move':
      return;
  }
}

/** Toasts of part 2 §8 per action: the success one only for the user's own step (not for undo/redo). */
export const ACTION_TOASTS: Record<EditorAction['kind'], { success?: string; error: string }> = {
  addNode: { success: EDITOR_TOASTS.addNodeSuccess, error: EDITOR_TOASTS.addNodeError },
  removeNode: { success: EDITOR_TOASTS.deleteNodeSuccess, error: EDITOR_TOASTS.deleteNodeError },
  connect: { success: EDITOR_TOASTS.connectSuccess, error: EDITOR_TOASTS.connectError },
  disconnect: { error: EDITOR_TOASTS.disconnectError },
  updateNode: { success: EDITOR_TOASTS.updateNodeSuccess, error: EDITOR_TOASTS.updateNodeError },
  move: { error: EDITOR_TOASTS.saveError },
};
