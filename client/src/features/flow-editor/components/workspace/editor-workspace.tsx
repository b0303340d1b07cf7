import { useReactFlow } from '@xyflow/react';
import { Plus } from 'lucide-react';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { NodeSubType } from '@shared/flows/node-catalog.ts';
import type { FlowConnection } from '@shared/flows/graph.ts';
import type { FlowSummary } from '@shared/flows/schemas.ts';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { EDITOR_TEXTS, EDITOR_TOASTS } from '../../api/editor-texts.ts';
import { useListenedButtonData } from '../../api/flow-graph-rows.ts';
import { touching, type EditorGraph, type NodeMove } from '../../model/graph-actions.ts';
import { saveNodeAction } from '../../model/button-edges.ts';
import { stableJson } from '../../model/shared-rows.ts';
import { newNode } from '../../model/new-node.ts';
import type { EditorAction, XY } from '../../model/graph-actions.ts';
import { autoLayout } from '../../model/auto-layout.ts';
import { DEFAULT_NODE_SIZE, freeSpot, nextTo, type Box } from '../../model/placement.ts';
import { revealViewport } from '../../model/reveal.ts';
import type { MeasuredSizes } from '../../model/xyflow-mapping.ts';
import { useEditorKeyboard } from '../../hooks/use-editor-keyboard.ts';
import { useFlowEditor } from '../../hooks/use-flow-editor.ts';
import { useIsPhone } from '../../hooks/use-is-phone.ts';
import { BottomSheet } from './bottom-sheet.tsx';
import { ConfigPanel } from '../panel/config-panel.tsx';
import { EditorContext, type EditorContextValue } from './editor-context.ts';
import { EditorHeader } from '../header/editor-header.tsx';
import { FIT_VIEW_OPTIONS, FlowCanvas, type OpenDrop, type Selection, type TestPath } from '../canvas/flow-canvas.tsx';
import { NodeFiguresProvider } from '../node/node-figures-context.tsx';
import { NodeLibrary } from './node-library.tsx';
import { NodeMenu } from './node-menu.tsx';
import { TestPanel } from '../test-panel/test-panel.tsx';

const NO_SELECTION: Selection = { nodes: new Set(), edges: new Set() };
const NO_PATH: TestPath = { nodes: new Set(), edges: new Set() };

/** What the library adds to: the canvas (a free spot near the visible centre), or after a node (connected). */
type PickerTarget = { after?: { nodeId: string; handle: string; at?: XY } };

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

  const phone = useIsPhone();
  const listened = useListenedButtonData(flow.botId);
  const { getViewport, setViewport, fitView } = useReactFlow();
  const sizesRef = useRef<MeasuredSizes>(new Map());
  const panelRef = useRef<HTMLElement>(null);
  const [picker, setPicker] = useState<PickerTarget | null>(null);
  const [menu, setMenu] = useState<{ nodeId: string; at: XY } | null>(null);
  const [path, setPath] = useState<TestPath>(NO_PATH);
  const [testing, setTesting] = useState(false);
  const currentGraph = useCallback(() => editor.graphRef.current, [editor]);

  /** Every card as a box in flow coordinates, at its measured size. */
  const boxes = useCallback(
    (): Box[] => editor.graphRef.current.nodes.map((n) => ({ ...n.position, ...(sizesRef.current.get(n.id) ?? DEFAULT_NODE_SIZE) })),
    [editor],
  );

  const addNode = useCallback(
    (subType: NodeSubType, target: PickerTarget = {}) => {
      const graph = editor.graphRef.current;
      const taken = boxes();
      const after = target.after;
      const source = after && graph.nodes.find((n) => n.id === after.nodeId);
      let position: XY;
      if (after?.at) position = freeSpot({ x: after.at.x - DEFAULT_NODE_SIZE.width / 2, y: after.at.y }, DEFAULT_NODE_SIZE, taken);
      else if (source) position = nextTo({ ...source.position, ...(sizesRef.current.get(source.id) ?? DEFAULT_NODE_SIZE) }, DEFAULT_NODE_SIZE, taken);
      else {
        const box = canvasRef.current?.getBoundingClientRect();
        const center = box ? screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 3 }) : { x: 0, y: 0 };
        position = freeSpot({ x: center.x - DEFAULT_NODE_SIZE.width / 2, y: center.y - DEFAULT_NODE_SIZE.height / 2 }, DEFAULT_NODE_SIZE, taken);
      }
      const node = newNode(flow.id, subType, position, graph.nodes.length);
      // A trigger has no input: from a "+" it is added alone.
      const connection: FlowConnection | undefined =
        source && after && node.type !== 'trigger'
          ? { id: crypto.randomUUID(), flowId: flow.id, sourceNodeId: source.id, targetNodeId: node.id, sourceHandle: after.handle, targetHandle: 'default', label: null, createdAt: new Date().toISOString() }
          : undefined;
      // A flow button leads to one node: its earlier edge goes in the same step.
      const replaced = connection?.sourceHandle.startsWith('button_')
        ? graph.connections.filter((c) => c.sourceNodeId === connection.sourceNodeId && c.sourceHandle === connection.sourceHandle)
        : [];
      const add: EditorAction = { kind: 'addNode', node, connections: connection ? [connection] : [] };
      void editor.dispatch(replaced.length === 0 ? add : { kind: 'batch', as: 'addNode', actions: [...replaced.map((c) => ({ kind: 'disconnect' as const, connection: c })), add] });
      setSelection({ nodes: new Set([node.id]), edges: new Set() });
    },
    [editor, flow.id, screenToFlowPosition, boxes],
  );

  const duplicateNode = useCallback(
    (nodeId: string) => {
      const original = editor.graphRef.current.nodes.find((n) => n.id === nodeId);
      if (!original) return;
      const size = sizesRef.current.get(nodeId) ?? DEFAULT_NODE_SIZE;
      const copy = { ...newNode(flow.id, original.subType as NodeSubType, freeSpot({ x: original.position.x + 45, y: original.position.y + 45 }, size, boxes()), editor.graphRef.current.nodes.length), label: original.label, config: structuredClone(original.config) };
      void editor.dispatch({ kind: 'addNode', node: copy, connections: [] });
      setSelection({ nodes: new Set([copy.id]), edges: new Set() });
    },
    [editor, flow.id, boxes],
  );

  const organize = useCallback(async () => {
    const graph = editor.graphRef.current;
    if (graph.nodes.length === 0) return;
    const moves = await autoLayout(graph.nodes, graph.connections, sizesRef.current);
    if (moves.length > 0) await editor.dispatch({ kind: 'move', moves });
    requestAnimationFrame(() => void fitView({ ...FIT_VIEW_OPTIONS, duration: 200 }));
  }, [editor, fitView]);

  const onConnectionDrop = useCallback((drop: OpenDrop) => setPicker({ after: drop }), []);
  const onNodeMenu = useCallback((nodeId: string, at: XY) => setMenu({ nodeId, at }), []);

  // The panel never hides its node: once it is open (or another node is picked), the canvas pans if it must.
  const selectedId = selectedNode?.id;
  useEffect(() => {
    if (!selectedId) return;
    const frame = requestAnimationFrame(() => {
      const canvas = canvasRef.current?.getBoundingClientRect();
      const node = editor.graphRef.current.nodes.find((n) => n.id === selectedId);
      if (!canvas || !node) return;
      const panel = panelRef.current?.getBoundingClientRect();
      // Beside the laptop panel the canvas is already narrower; over a phone it ends where the sheet begins.
      const bottom = phone && panel ? Math.min(canvas.height, panel.top - canvas.top) : canvas.height;
      const next = revealViewport({ ...node.position, ...(sizesRef.current.get(node.id) ?? DEFAULT_NODE_SIZE) }, getViewport(), { left: 0, top: 0, right: canvas.width, bottom });
      if (next) void setViewport(next, { duration: 200 });
    });
    return () => cancelAnimationFrame(frame);
  }, [selectedId, phone, editor, getViewport, setViewport]);

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

  const context = useMemo<EditorContextValue>(
    () => ({
      requestNodeDelete: (id) => setDeletingNodes([id]),
      requestAddAfter: (nodeId, handle) => setPicker({ after: { nodeId, handle } }),
      openNodeMenu: onNodeMenu,
    }),
    [onNodeMenu],
  );

  return (
    <EditorContext.Provider value={context}>
      <div className="-m-4 flex h-[calc(100dvh-4rem)] max-w-[100vw] flex-col overflow-hidden sm:-m-6 lg:-m-8">
        <EditorHeader flow={flow} editor={editor} phone={phone} onOrganize={() => void organize()} onTest={() => {
          setSelection(NO_SELECTION);
          setTesting(true);
        }} />
        <div className="relative flex min-h-0 flex-1">
          {!phone && <NodeLibrary onAdd={(subType) => addNode(subType)} />}
          <div ref={canvasRef} className="min-w-0 flex-1 bg-slate-50">
            <NodeFiguresProvider flowId={flow.id}>
              <FlowCanvas
                flowId={flow.id}
                editor={editor}
                selection={selection}
                onSelectionChange={setSelection}
                onEdgeClick={setDeletingEdge}
                onConnectionDrop={onConnectionDrop}
                onNodeMenu={onNodeMenu}
                sizesRef={sizesRef}
                path={path}
                phone={phone}
              />
            </NodeFiguresProvider>
          </div>
          {testing && (
            <TestPanel
              flowId={flow.id}
              graph={currentGraph}
              phone={phone}
              onPath={setPath}
              onClose={() => {
                setTesting(false);
                setPath(NO_PATH);
              }}
            />
          )}
          {phone && !selectedNode && !testing && (
            <button
              type="button"
              aria-label="Adicionar nó"
              className="absolute right-4 bottom-4 z-10 flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg active:bg-brand-700"
              onClick={() => setPicker({})}
            >
              <Plus aria-hidden="true" className="size-7" />
            </button>
          )}
          {selectedNode && !testing && (
            <ConfigPanel
              // The draft reloads when the stored node's content changes (an undo, a button edge, another tab), not
              // when a pull only restamps it or reorders its keys: typing right after a save must not be lost.
              key={`${selectedNode.id}:${stableJson([selectedNode.label, selectedNode.config])}`}
              node={selectedNode}
              phone={phone}
              panelRef={panelRef}
              listened={listened}
              onClose={() => setSelection(NO_SELECTION)}
              onDelete={() => setDeletingNodes([selectedNode.id])}
              // Button edges follow their buttons in the same undo step (a removed button shifts the later ones).
              onSave={(after) => void editor.dispatch(saveNodeAction(editor.graphRef.current, selectedNode, after))}
            />
          )}
        </div>
      </div>
      {picker && (
        <BottomSheet title="Adicionar nó" onClose={() => setPicker(null)}>
          <NodeLibrary
            className="p-3"
            onAdd={(subType) => {
              addNode(subType, picker);
              setPicker(null);
            }}
          />
        </BottomSheet>
      )}
      {menu && (
        <NodeMenu
          at={menu.at}
          onClose={() => setMenu(null)}
          onEdit={() => setSelection({ nodes: new Set([menu.nodeId]), edges: new Set() })}
          onDuplicate={() => duplicateNode(menu.nodeId)}
          onDelete={() => setDeletingNodes([menu.nodeId])}
        />
      )}
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
