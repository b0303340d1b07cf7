/**
 * The canvas (docs/product.md#screen-flow-editor): @xyflow/react in controlled mode over the editor's graph. Snap
 * 15, zoom and opening view as in viewport.ts. Smooth-step animated edges, minimap 200×150 coloured by type.
 * Deleting goes through the confirmations, so xyflow's own delete key is off; only visible elements are rendered
 * so big flows pan smoothly.
 */
import { Controls, MiniMap, ReactFlow, useStore, type Edge } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import './flow-canvas.css';
import { useRef, type RefObject } from 'react';
import type { FlowConnection } from '@shared/flows/graph.ts';
import type { XY } from '../../model/graph-actions.ts';
import type { CardNode, MeasuredSizes } from '../../model/xyflow-mapping.ts';
import type { FlowEditor } from '../../hooks/use-flow-editor.ts';
import { FlowNodeCard } from '../node/flow-node-card.tsx';
import { typeColor } from '../node/node-appearance.tsx';
import { FarContext } from './canvas-distance.ts';
import { CANVAS_LABELS } from './canvas-labels.ts';
import { CanvasDots } from './canvas-dots.tsx';
import { CanvasStatus, EmptyCanvasHint } from './canvas-status.tsx';
import type { OpenDrop, Selection, TestPath } from './selection.ts';
import { useCanvasConnect } from './use-canvas-connect.ts';
import { useCanvasElements } from './use-canvas-elements.ts';
import { useCardChanges } from './use-card-changes.ts';
import { useMoveClasses } from './use-move-classes.ts';
import { useOpenViewport } from './use-open-viewport.ts';
import { usePaneDoubleClick } from './use-pane-double-click.ts';
import { useWheelZoom } from './use-wheel-zoom.ts';
import { useZoomVariable } from './use-zoom-variable.ts';
import { FIT_VIEW_OPTIONS, isFar, MAX_ZOOM, MIN_ZOOM, ZOOM_LIMITS } from './viewport.ts';

const NODE_TYPES = { flowNode: FlowNodeCard };
const MINIMAP_STYLE = { width: 200, height: 150 };
const minimapColor = (node: CardNode) => typeColor(node.data.node.type);

/** What never changes on the canvas; the plain wheel is use-wheel-zoom's, so xyflow's zoom on scroll is off. */
const FIXED_PROPS = {
  nodeTypes: NODE_TYPES,
  zoomOnPinch: true,
  zoomOnScroll: false,
  panOnDrag: true,
  snapToGrid: true,
  snapGrid: [15, 15] satisfies [number, number],
  minZoom: MIN_ZOOM,
  maxZoom: MAX_ZOOM,
  fitViewOptions: FIT_VIEW_OPTIONS,
  connectionRadius: 20,
  reconnectRadius: 10,
  deleteKeyCode: null,
  multiSelectionKeyCode: 'Shift',
  disableKeyboardA11y: true,
  onlyRenderVisibleElements: true,
  proOptions: { hideAttribution: true },
  ariaLabelConfig: CANVAS_LABELS,
} as const;

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

export function FlowCanvas({ flowId, editor, selection, onSelectionChange, onEdgeClick, onConnectionDrop, onNodeMenu, sizesRef, path, phone }: Props) {
  const { graph } = editor;
  const { nodes, edges, setSizes } = useCanvasElements(graph, selection, path, sizesRef);
  const changes = useCardChanges(editor, onSelectionChange, setSizes);
  const connect = useCanvasConnect(flowId, editor, { onConnectionDrop, onNodeMenu, onEdgeClick });
  // Re-renders only when the zoom crosses FAR_ZOOM, not on every pan or zoom frame.
  const far = useStore(isFar);
  const frameRef = useRef<HTMLDivElement>(null);
  const moves = useMoveClasses(frameRef);
  useWheelZoom(frameRef, ZOOM_LIMITS);
  usePaneDoubleClick(frameRef);
  useZoomVariable(frameRef);
  const { fitOnOpen, startViewport } = useOpenViewport(editor);

  return (
    <div ref={frameRef} className={far ? 'canvas-far relative h-full w-full' : 'relative h-full w-full'} data-testid="flow-canvas">
      {/* A phone keeps the cards' buttons (its "+" is always shown to a finger); the CSS side applies everywhere. */}
      <FarContext.Provider value={far && !phone}>
        <ReactFlow<CardNode, Edge>
          {...FIXED_PROPS}
          {...changes}
          {...connect}
          {...moves}
          nodes={nodes}
          edges={edges}
          zoomOnDoubleClick={!phone}
          defaultViewport={startViewport}
          fitView={fitOnOpen}
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
