/**
 * The canvas (docs/product.md#screen-flow-editor): @xyflow/react in controlled mode over the editor's graph. Snap 15, zoom 0.2–2 starting
 * at 0.8; a flow with nodes opens fitted to them (docs/product.md#limits). Smooth-step animated edges, minimap 200×150 coloured
 * by type. Deleting goes through the confirmations, so xyflow's own delete key is off; only visible elements are
 * rendered so big flows pan smoothly.
 */
import {
  Controls, getViewportForBounds, MiniMap, ReactFlow, useReactFlow, useStore,
  type Viewport,
  type Connection, type Edge, type EdgeChange, type NodeChange, type OnConnectEnd, type OnNodeDrag,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import './flow-canvas.css';
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent as ReactMouseEvent, type RefObject } from 'react';
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import { connectAction } from '../../model/button-edges.ts';
import type { XY } from '../../model/graph-actions.ts';
import { DEFAULT_NODE_SIZE } from '../../model/placement.ts';
import { createEdgeMapper, createNodeMapper, type CardNode, type MeasuredSizes } from '../../model/xyflow-mapping.ts';
import type { FlowEditor } from '../../hooks/use-flow-editor.ts';
import { FarContext } from './canvas-distance.ts';
import { CANVAS_LABELS } from './canvas-labels.ts';
import { CanvasDots } from './canvas-dots.tsx';
import { CanvasStatus, EmptyCanvasHint } from './canvas-status.tsx';
import { FlowNodeCard } from '../node/flow-node-card.tsx';
import { useWheelZoom } from './use-wheel-zoom.ts';
import { typeColor } from '../node/node-appearance.tsx';

const NODE_TYPES = { flowNode: FlowNodeCard };
const SNAP: [number, number] = [15, 15];
const MINIMAP_STYLE = { width: 200, height: 150 };
const minimapColor = (node: CardNode) => typeColor(node.data.node.type);
/** Below this zoom the canvas is "far" (flow-canvas.css): details a card cannot show legibly are skipped. */
export const FAR_ZOOM = 0.35;
const isFar = (state: { transform: [number, number, number] }) => state.transform[2] < FAR_ZOOM;
/**
 * docs/product.md#limits: padding 0.1; a small flow is not zoomed past the 0.8 starting zoom. `includeHiddenNodes`
 * (there are none) makes xyflow count the cards not measured yet at their estimated size (estimatedHandles):
 * off the screen on opening, they are only measured once in view.
 */
export const FIT_VIEW_OPTIONS = { padding: 0.1, maxZoom: 0.8, includeHiddenNodes: true };
const MIN_ZOOM = 0.2;
const MAX_ZOOM = 2;
const ZOOM_LIMITS = { min: MIN_ZOOM, max: MAX_ZOOM };
const START_VIEWPORT: Viewport = { x: 40, y: 40, zoom: 0.8 };

/**
 * Where a flow that opens fitted starts, before xyflow's own fit (which needs every card measured, so it comes
 * after the first render): the same fit over the window with the default card size. xyflow renders every card
 * once to measure it, and a big flow then does it already zoomed out, with the light cards (useFar), instead of
 * 1 000 full cards at 0.8.
 */
function estimatedFit(nodes: FlowNode[]): Viewport {
  const xs = nodes.map((n) => n.position.x);
  const ys = nodes.map((n) => n.position.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  const bounds = { x, y, width: Math.max(...xs) - x + DEFAULT_NODE_SIZE.width, height: Math.max(...ys) - y + DEFAULT_NODE_SIZE.height };
  return getViewportForBounds(bounds, window.innerWidth, window.innerHeight, MIN_ZOOM, FIT_VIEW_OPTIONS.maxZoom, FIT_VIEW_OPTIONS.padding);
}

export type Selection = { nodes: ReadonlySet<string>; edges: ReadonlySet<string> };
/** The nodes and connections a test run went through, highlighted on the canvas. */
export type TestPath = { nodes: ReadonlySet<string>; edges: ReadonlySet<string> };
/** A connection dragged from a handle and dropped on an empty spot: where, in flow coordinates. */
export type OpenDrop = { nodeId: string; handle: string; at: XY };

type Props = {
  flowId: string;
  editor: FlowEditor;
  selection: Selection;
  onSelectionChange: (next: (current: Selection) => Selection) => void;
  onEdgeClick: (connection: FlowConnection) => void;
  onConnectionDrop: (drop: OpenDrop) => void;
  onNodeMenu: (nodeId: string, at: XY) => void;
  /** Filled with the cards' measured sizes, for placing new nodes and laying the flow out. */
  sizesRef: RefObject<MeasuredSizes>;
  path: TestPath;
  phone: boolean;
};

const withChange = (set: ReadonlySet<string>, id: string, on: boolean) => {
  if (set.has(id) === on) return set;
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
};

export function FlowCanvas({ flowId, editor, selection, onSelectionChange, onEdgeClick, onConnectionDrop, onNodeMenu, sizesRef, path, phone }: Props) {
  const { graph } = editor;
  const mapNodes = useMemo(createNodeMapper, []);
  const mapEdges = useMemo(createEdgeMapper, []);
  const [sizes, setSizes] = useState<MeasuredSizes>(() => new Map());
  sizesRef.current = sizes;
  const nodes = useMemo(() => mapNodes(graph.nodes, selection.nodes, sizes, path.nodes), [mapNodes, graph.nodes, selection.nodes, sizes, path.nodes]);
  const nodeIds = useMemo(() => new Set(graph.nodes.map((n) => n.id)), [graph.nodes]);
  const edges = useMemo(() => mapEdges(graph.connections, nodeIds, selection.edges, path.edges), [mapEdges, graph.connections, nodeIds, selection.edges, path.edges]);
  const dragStart = useRef(new Map<string, XY>());
  // Re-renders only when the zoom crosses FAR_ZOOM, not on every pan or zoom frame.
  const far = useStore(isFar);
  // Set on the element, not in state: starting and ending a move must not re-render the canvas (flow-canvas.css).
  const frameRef = useRef<HTMLDivElement>(null);
  // A move not started by dragging (the Controls' buttons, the minimap, a pinch; the plain wheel is use-wheel-zoom's)
  // changes the zoom: flow-canvas.css then keeps the viewport painted with the page rather than on a layer of its own.
  const onMoveStart = useCallback((event: MouseEvent | TouchEvent | null) => {
    const dragged = event?.type === 'mousedown' || event?.type === 'touchstart' || event?.type === 'pointerdown';
    frameRef.current?.classList.add(...(dragged ? ['canvas-moving'] : ['canvas-moving', 'canvas-zooming']));
  }, []);
  const onMoveEnd = useCallback(() => frameRef.current?.classList.remove('canvas-moving', 'canvas-zooming'), []);
  useWheelZoom(frameRef, ZOOM_LIMITS);
  // Fit once, on open, and only a flow that has nodes: an empty flow keeps the default viewport, and a first node
  // added later must not make the view jump to it.
  const [fitOnOpen] = useState(() => graph.nodes.length > 0);
  const [startViewport] = useState(() => (fitOnOpen ? estimatedFit(graph.nodes) : START_VIEWPORT));
  // The cache may hold the flow before its nodes (created elsewhere, not pulled yet): when they arrive by the pull
  // after opening, before the user did anything here, fit to them then (xyflow queues it until they are measured).
  const { fitView } = useReactFlow();
  const fitted = useRef(fitOnOpen);
  const acted = editor.canUndo || editor.canRedo;
  useEffect(() => {
    if (fitted.current || graph.nodes.length === 0) return;
    fitted.current = true;
    if (!acted) void fitView(FIT_VIEW_OPTIONS);
  }, [graph.nodes.length, acted, fitView]);

  const onNodesChange = useCallback(
    (changes: NodeChange<CardNode>[]) => {
      const positions = new Map<string, XY>();
      const measured: [string, { width: number; height: number }][] = [];
      for (const change of changes) {
        if (change.type === 'position' && change.position) positions.set(change.id, change.position);
        if (change.type === 'select') onSelectionChange((s) => ({ ...s, nodes: withChange(s.nodes, change.id, change.selected) }));
        if (change.type === 'dimensions' && change.dimensions) measured.push([change.id, change.dimensions]);
      }
      if (positions.size > 0) editor.setPositions(positions);
      if (measured.length > 0) {
        setSizes((current) => {
          const changed = measured.filter(([id, size]) => current.get(id)?.width !== size.width || current.get(id)?.height !== size.height);
          return changed.length === 0 ? current : new Map([...current, ...changed]);
        });
      }
    },
    [editor, onSelectionChange],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange<Edge>[]) => {
      for (const change of changes) {
        if (change.type === 'select') onSelectionChange((s) => ({ ...s, edges: withChange(s.edges, change.id, change.selected) }));
      }
    },
    [onSelectionChange],
  );

  const onNodeDragStart: OnNodeDrag<CardNode> = useCallback((_event, _node, dragged) => {
    dragStart.current = new Map(dragged.map((n) => [n.id, { ...n.position }]));
  }, []);

  const onNodeDragStop: OnNodeDrag<CardNode> = useCallback(
    (_event, _node, dragged) => {
      const moves = dragged.flatMap((n) => {
        const from = dragStart.current.get(n.id);
        return from && (from.x !== n.position.x || from.y !== n.position.y) ? [{ nodeId: n.id, from, to: { ...n.position } }] : [];
      });
      if (moves.length > 0) editor.recordMove({ kind: 'move', moves });
    },
    [editor],
  );

  const onConnect = useCallback(
    (params: Connection) => {
      const sourceHandle = params.sourceHandle ?? 'default';
      const targetHandle = params.targetHandle ?? 'default';
      if (params.source === params.target) return;
      const exists = editor.graphRef.current.connections.some(
        (c) => c.sourceNodeId === params.source && c.targetNodeId === params.target && c.sourceHandle === sourceHandle,
      );
      if (exists) return;
      const connection: FlowConnection = {
        id: crypto.randomUUID(),
        flowId,
        sourceNodeId: params.source,
        targetNodeId: params.target,
        sourceHandle,
        targetHandle,
        label: null,
        createdAt: new Date().toISOString(),
      };
      void editor.dispatch(connectAction(editor.graphRef.current, connection));
    },
    [editor, flowId],
  );

  // A connection dropped on an empty spot (not near any handle) asks for the node to add there, already connected.
  const onConnectEnd: OnConnectEnd = useCallback(
    (_event, state) => {
      if (state.isValid !== null || !state.fromNode || !state.to || state.fromHandle?.type !== 'source') return;
      onConnectionDrop({ nodeId: state.fromNode.id, handle: state.fromHandle.id ?? 'default', at: state.to });
    },
    [onConnectionDrop],
  );

  const onNodeContextMenu = useCallback(
    (event: ReactMouseEvent, node: CardNode) => {
      event.preventDefault();
      onNodeMenu(node.id, { x: event.clientX, y: event.clientY });
    },
    [onNodeMenu],
  );

  const handleEdgeClick = useCallback(
    (_event: unknown, edge: Edge) => {
      const connection = editor.graphRef.current.connections.find((c) => c.id === edge.id);
      if (connection) onEdgeClick(connection);
    },
    [editor, onEdgeClick],
  );

  return (
    <div ref={frameRef} className={far ? 'canvas-far relative h-full w-full' : 'relative h-full w-full'} data-testid="flow-canvas">
      {/* A phone keeps the cards' buttons (its "+" is always shown to a finger); the CSS side applies everywhere. */}
      <FarContext.Provider value={far && !phone}>
        <ReactFlow<CardNode, Edge>
          nodes={nodes}
          edges={edges}
          nodeTypes={NODE_TYPES}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onNodeDragStart={onNodeDragStart}
          onNodeDragStop={onNodeDragStop}
          onConnect={onConnect}
          onConnectEnd={onConnectEnd}
          onNodeContextMenu={onNodeContextMenu}
          onEdgeClick={handleEdgeClick}
          onMoveStart={onMoveStart}
          onMoveEnd={onMoveEnd}
          zoomOnPinch
          zoomOnScroll={false}
          panOnDrag
          zoomOnDoubleClick={!phone}
          snapToGrid
          snapGrid={SNAP}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          defaultViewport={startViewport}
          fitView={fitOnOpen}
          fitViewOptions={FIT_VIEW_OPTIONS}
          connectionRadius={20}
          reconnectRadius={10}
          deleteKeyCode={null}
          multiSelectionKeyCode="Shift"
          disableKeyboardA11y
          onlyRenderVisibleElements
          proOptions={{ hideAttribution: true }}
          ariaLabelConfig={CANVAS_LABELS}
        >
          <CanvasDots />
          <Controls showInteractive={false} />
          {!phone && <MiniMap<CardNode> style={MINIMAP_STYLE} nodeColor={minimapColor} pannable zoomable />}
        </ReactFlow>
      </FarContext.Provider>
      {graph.nodes.length === 0 && <EmptyCanvasHint phone={phone} />}
      <CanvasStatus nodes={graph.nodes.length} connections={graph.connections.length} />
    </div>
  );
}
