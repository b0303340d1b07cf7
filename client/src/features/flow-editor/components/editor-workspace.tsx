import { useReactFlow } from '@xyflow/react';
import { memo, useCallback, useRef, useState } from 'react';
import type { NodeSubType } from '@shared/flows/node-catalog.ts';
import type { FlowConnection } from '@shared/flows/graph.ts';
import type { FlowSummary } from '@shared/flows/schemas.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EDITOR_TEXTS, EDITOR_TOASTS } from '../api/editor-texts.ts';
import { touching, type EditorGraph, type NodeMove } from '../model/graph-actions.ts';
import { saveNodeAction } from '../model/button-edges.ts';
import { stableJson } from '../model/shared-rows.ts';
import { newNode, randomPositionAround } from '../model/new-node.ts';
import { useEditorKeyboard } from '../hooks/use-editor-keyboard.ts';
import { useFlowEditor } from '../hooks/use-flow-editor.ts';
import { ConfigPanel } from './config-panel.tsx';
import { EditorContext } from './editor-context.ts';
import { EditorHeader } from './editor-header.tsx';
import { FlowCanvas, type Selection } from './flow-canvas.tsx';
import { NodeFiguresProvider } from './node-figures-context.tsx';
import { NodeLibrary } from './node-library.tsx';

const NO_SELECTION: Selection = { nodes: new Set(), edges: new Set() };

/**
 * The editor proper: library, canvas and panel around the cached graph, with confirmations and shortcuts. Memoised:
 * a live-query tick that changed nothing hands the same flow and graph objects, and 500 cards stay untouched.
 */
export const EditorWorkspace = memo(function EditorWorkspace({ flow, stored }: { flow: FlowSummary; stored: EditorGraph }) {
  const editor = useFlowEditor(flow.id, stored);
  const { screenToFlowPosition } = useReactFlow();
  const canvasRef = useRef<HTMLDivElement>(null);
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [deletingNodes, setDeletingNodes] = useState<string[]>([]);
  const [deletingEdge, setDeletingEdge] = useState<FlowConnection | null>(null);
  const selectedNode = selection.nodes.size === 1 ? editor.graph.nodes.find((n) => selection.nodes.has(n.id)) : undefined;

  const addNode = useCallback(
    (subType: NodeSubType) => {
      const box = canvasRef.current?.getBoundingClientRect();
      const center = box ? screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 }) : { x: 0, y: 0 };
      const node = newNode(flow.id, subType, randomPositionAround(center, editor.graphRef.current.nodes.map((n) => n.position)), editor.graphRef.current.nodes.length);
      void editor.dispatch({ kind: 'addNode', node, connections: [] });
      setSelection({ nodes: new Set([node.id]), edges: new Set() });
    },
    [editor, flow.id, screenToFlowPosition],
  );

  function removeNodes(ids: string[]) {
    for (const id of ids) {
      const graph = editor.graphRef.current;
      const node = graph.nodes.find((n) => n.id === id);
      if (node) void editor.dispatch({ kind: 'removeNode', node, connections: touching(graph, id) });
    }
    setSelection(NO_SELECTION);
    setDeletingNodes([]);
  }

  function moveSelection(dx: number, dy: number) {
    const moves: NodeMove[] = editor.graphRef.current.nodes
      .filter((n) => selection.nodes.has(n.id))
      .map((n) => ({ nodeId: n.id, from: n.position, to: { x: n.position.x + dx, y: n.position.y + dy } }));
    if (moves.length > 0) void editor.dispatch({ kind: 'move', moves });
  }

  useEditorKeyboard({
    onUndo: editor.undo,
    onRedo: editor.redo,
    onSave: () => void editor.save(EDITOR_TOASTS.quickSaveSuccess),
    onMove: moveSelection,
    onDelete: () => {
      if (selection.nodes.size > 0) setDeletingNodes([...selection.nodes]);
      else {
        const edge = editor.graph.connections.find((c) => selection.edges.has(c.id));
        if (edge) setDeletingEdge(edge);
      }
    },
  });

  const context = useRef({ requestNodeDelete: (id: string) => setDeletingNodes([id]) }).current;

  return (
    <EditorContext.Provider value={context}>
      <div className="-m-4 flex h-[calc(100dvh-4rem)] flex-col sm:-m-6 lg:-m-8">
        <EditorHeader flow={flow} editor={editor} />
        <div className="flex min-h-0 flex-1">
          <NodeLibrary onAdd={addNode} />
          <div ref={canvasRef} className="min-w-0 flex-1 bg-slate-50">
            <NodeFiguresProvider flowId={flow.id}>
              <FlowCanvas flowId={flow.id} editor={editor} selection={selection} onSelectionChange={setSelection} onEdgeClick={setDeletingEdge} />
            </NodeFiguresProvider>
          </div>
          {selectedNode && (
            <ConfigPanel
              // The draft reloads when the stored node's content changes (an undo, a button edge, another tab), not
              // when a pull only restamps it or reorders its keys: typing right after a save must not be lost.
              key={`${selectedNode.id}:${stableJson([selectedNode.label, selectedNode.config])}`}
              node={selectedNode}
              onClose={() => setSelection(NO_SELECTION)}
              onDelete={() => setDeletingNodes([selectedNode.id])}
              // Button edges follow their buttons in the same undo step (a removed button shifts the later ones).
              onSave={(after) => void editor.dispatch(saveNodeAction(editor.graphRef.current, selectedNode, after))}
            />
          )}
        </div>
      </div>
      <ConfirmDialog
        open={deletingNodes.length > 0}
        title="Excluir nó"
        message={EDITOR_TEXTS.removeNode}
        confirmLabel="Excluir"
        danger
        onConfirm={() => removeNodes(deletingNodes)}
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
    </EditorContext.Provider>
  );
});
