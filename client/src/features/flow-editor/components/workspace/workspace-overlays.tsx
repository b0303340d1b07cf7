import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { EDITOR_TEXTS } from '../../api/editor-texts.ts';
import type { FlowEditor } from '../../hooks/use-flow-editor.ts';
import type { Selection } from '../canvas/selection.ts';
import { BottomSheet } from './bottom-sheet.tsx';
import { NodeLibrary } from './node-library.tsx';
import { NodeMenu } from './node-menu.tsx';
import type { NodeCommands } from './use-node-commands.ts';
import type { WorkspaceDialogs } from './use-workspace-dialogs.ts';

type Props = { editor: FlowEditor; dialogs: WorkspaceDialogs; commands: NodeCommands; select: (selection: Selection) => void };

/** Over the canvas: the library sheet, a node's menu, and the confirmations before a node or a connection goes. */
export function WorkspaceOverlays({ editor, dialogs, commands, select }: Props) {
  const { picker, setPicker, menu, setMenu, deletingNodes, setDeletingNodes, deletingEdge, setDeletingEdge } = dialogs;
  return (
    <>
      {picker && (
        <BottomSheet title="Adicionar nó" onClose={() => setPicker(null)}>
          <NodeLibrary
            className="p-3"
            onAdd={(subType) => {
              commands.addNode(subType, picker);
              setPicker(null);
            }}
          />
        </BottomSheet>
      )}
      {menu && (
        <NodeMenu
          at={menu.at}
          onClose={() => setMenu(null)}
          onEdit={() => select({ nodes: new Set([menu.nodeId]), edges: new Set() })}
          onDuplicate={() => commands.duplicateNode(menu.nodeId)}
          onDelete={() => setDeletingNodes([menu.nodeId])}
        />
      )}
      <ConfirmDialog
        open={deletingNodes.length > 0}
        title="Excluir nó"
        message={EDITOR_TEXTS.removeNode}
        confirmLabel="Excluir"
        danger
        onConfirm={() => {
          commands.removeNodes(deletingNodes);
          setDeletingNodes([]);
        }}
        onCancel={() => setDeletingNodes([])}
      />
      <ConfirmDialog
        open={deletingEdge !== null}
        title="Remover conexão"
        message={EDITOR_TEXTS.removeConnection}
        confirmLabel="Remover"
        danger
        onConfirm={() => {
          if (deletingEdge) void editor.dispatch({ kind: 'disconnect', connection: deletingEdge });
          setDeletingEdge(null);
        }}
        onCancel={() => setDeletingEdge(null)}
      />
    </>
  );
}
