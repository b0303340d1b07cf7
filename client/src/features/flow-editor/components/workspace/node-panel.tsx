import type { Ref } from 'react';
import type { FlowNode } from '@shared/flows/graph.ts';
import type { FlowEditor } from '../../hooks/use-flow-editor.ts';
import { saveNodeAction } from '../../model/button-edges.ts';
import { stableJson } from '../../model/shared-rows.ts';
import { ConfigPanel } from '../panel/config-panel.tsx';

type Props = {
  node: FlowNode;
  editor: FlowEditor;
  phone: boolean;
  panelRef: Ref<HTMLElement>;
  listened: ReadonlySet<string> | undefined;
  onClose: () => void;
  onCollapse?: (() => void) | undefined;
  onDelete: () => void;
};

/** The selected node's panel, saving through the editor's history. */
export function NodePanel({ node, editor, phone, panelRef, listened, onClose, onCollapse, onDelete }: Props) {
  return (
    <ConfigPanel
      // The draft reloads when the stored node's content changes (an undo, a button edge, another tab), not
      // when a pull only restamps it or reorders its keys: typing right after a save must not be lost.
      key={`${node.id}:${stableJson([node.label, node.config])}`}
      node={node}
      phone={phone}
      panelRef={panelRef}
      listened={listened}
      onClose={onClose}
      onCollapse={onCollapse}
      onDelete={onDelete}
      // Button edges follow their buttons in the same undo step (a removed button shifts the later ones).
      onSave={(after) => void editor.dispatch(saveNodeAction(editor.graphRef.current, node, after))}
    />
  );
}
