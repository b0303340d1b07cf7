import { EDITOR_TOASTS } from '../../api/editor-texts.ts';
import { editorToast } from '../../api/editor-toast.ts';
import { useEditorKeyboard } from '../../hooks/use-editor-keyboard.ts';
import type { FlowEditor } from '../../hooks/use-flow-editor.ts';
import type { NodeMove } from '../../model/graph-actions.ts';
import { flowVariableWarning } from '../../model/variable-issues.ts';
import type { Selection } from '../canvas/selection.ts';
import type { WorkspaceDialogs } from './use-workspace-dialogs.ts';

/** The editor's shortcuts (use-editor-keyboard.ts) on the workspace's selection: delete asks first, arrows move. */
export function useWorkspaceShortcuts(editor: FlowEditor, selection: Selection, { setDeletingNodes, setDeletingEdge }: WorkspaceDialogs) {
  useEditorKeyboard({
    onUndo: editor.undo,
    onRedo: editor.redo,
    // Ctrl+S, out of habit: what still waits is queued at once, and the flow's unknown variables are told.
    onSave: () =>
      void editor.flush().then((stored) => stored && editorToast(EDITOR_TOASTS.quickSaveSuccess, flowVariableWarning(editor.graphRef.current.nodes))),
    onMove: (dx, dy) => {
      const moves: NodeMove[] = editor.graphRef.current.nodes
        .filter((n) => selection.nodes.has(n.id))
        .map((n) => ({ nodeId: n.id, from: n.position, to: { x: n.position.x + dx, y: n.position.y + dy } }));
      if (moves.length > 0) void editor.dispatch({ kind: 'move', moves });
    },
    onDelete: () => {
      if (selection.nodes.size > 0) setDeletingNodes([...selection.nodes]);
      else {
        const edge = editor.graph.connections.find((c) => selection.edges.has(c.id));
        if (edge) setDeletingEdge(edge);
      }
    },
  });
}
