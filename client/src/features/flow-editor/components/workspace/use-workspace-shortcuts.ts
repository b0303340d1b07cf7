import { EDITOR_TOASTS } from '../../api/editor-texts.ts';
import { useEditorKeyboard } from '../../hooks/use-editor-keyboard.ts';
import type { FlowEditor } from '../../hooks/use-flow-editor.ts';
import type { NodeMove } from '../../model/graph-actions.ts';
import type { Selection } from '../canvas/selection.ts';
import type { WorkspaceDialogs } from './use-workspace-dialogs.ts';

/** The editor's shortcuts (use-editor-keyboard.ts) on the workspace's selection: delete asks first, arrows move. */
export function useWorkspaceShortcuts(editor: FlowEditor, selection: Selection, { setDeletingNodes, setDeletingEdge }: WorkspaceDialogs) {
  useEditorKeyboard({
    onUndo: editor.undo,
    onRedo: editor.redo,
    onSave: () => void editor.save(EDITOR_TOASTS.quickSaveSuccess),
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
