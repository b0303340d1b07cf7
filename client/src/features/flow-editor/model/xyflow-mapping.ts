/**
 * Stored graph → @xyflow/react nodes and edges. Mapped objects are cached per source object: when one node moves,
 * only that node gets a new object, so xyflow and the memoised cards skip the other 499 (a 500-node flow pans
 * and drags without re-rendering every card).
 */
import { MarkerType, Position, type Edge, type Node, type NodeHandle } from '@xyflow/react';
import { buttonHandleId, isFlowButton, type FlowButton } from '@shared/flows/buttons.ts';
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import { DEFAULT_NODE_SIZE } from './placement.ts';

export const NODE_WIDTH = 280;
export const BUTTON_EDGE_COLOR = '#a855f7';
export const EDGE_COLOR = '#3b82f6';
export const EDGE_MARKER_SIZE = 20;

export type CardData = { node: FlowNode };
export type CardNode = Node<CardData, 'flowNode'>;

export function edgeColor(sourceHandle: string | null | undefined) {
  return sourceHandle?.startsWith('button_') ? BUTTON_EDGE_COLOR : EDGE_COLOR;
}

export function toEdge(connection: FlowConnection): Edge {
  const color = edgeColor(connection.sourceHandle);
  return {
    id: connection.id,
    source: connection.sourceNodeId,
    target: connection.targetNodeId,
    sourceHandle: connection.sourceHandle,
    targetHandle: connection.targetHandle,
    type: 'smoothstep',
    animated: true,
    markerEnd: { type: MarkerType.ArrowClosed, width: EDGE_MARKER_SIZE, height: EDGE_MARKER_SIZE, color },
    style: { stroke: color, strokeWidth: 2 },
    ...(connection.label ? { label: connection.label } : {}),
  };
}

/** The buttons of a send_buttons config, as rows (anything malformed reads as no buttons). */
export function buttonRows(config: Record<string, unknown>): FlowButton[][] {
  const rows = config.buttons;
  if (!Array.isArray(rows)) return [];
  return rows.filter(Array.isArray).map((row: unknown[]) =>
    row.map((b) => ({
      text: String(Reflect.get(Object(b), 'text') ?? ''),
      type: Reflect.get(Object(b), 'type') === 'url' ? 'url' : 'callback',
      value: String(Reflect.get(Object(b), 'value') ?? ''),
    })),
  );
}

/** Source handles of a node besides `default`: true/false on conditions, one per flow_ button (docs/product.md#screen-flow-editor). */
export function extraSourceHandles(node: FlowNode): string[] {
  if (node.type === 'condition') return ['true', 'false'];
  if (node.subType !== 'send_buttons') return [];
  return buttonRows(node.config).flatMap((row, r) => row.flatMap((button, i) => (isFlowButton(button) ? [buttonHandleId(r, i)] : [])));
}

/** The cards' handles are 12 px squares centred on the card's edge (flow-node-card.tsx, flow-canvas.css). */
const HANDLE_SIZE = 12;

/**
 * Where a card's handles are before xyflow measured it, at the default card size: a card off the screen is then
 * neither rendered nor measured on opening. Without handles xyflow renders every card once, visible or not, only
 * to measure where its handles are, before the first frame: the whole flow instead of the cards on the screen. A connection to a card not yet measured ends at this estimate, off the screen; the card is measured
 * as soon as it comes into view and the connection moves to its real handle.
 */
export function estimatedHandles(node: FlowNode): NodeHandle[] {
  const { width, height } = DEFAULT_NODE_SIZE;
  const half = HANDLE_SIZE / 2;
  const at = (id: string, type: 'source' | 'target', position: Position, x: number, y: number): NodeHandle => ({
    id, type, position, x: x - half, y: y - half, width: HANDLE_SIZE, height: HANDLE_SIZE,
  });
  const handles = [at('default', 'source', Position.Bottom, width / 2, height)];
  if (node.type !== 'trigger') handles.push(at('default', 'target', Position.Top, width / 2, 0));
  if (node.type === 'condition') handles.push(at('true', 'source', Position.Right, width, height / 2), at('false', 'source', Position.Left, 0, height / 2));
  for (const id of extraSourceHandles(node)) if (id.startsWith('button_')) handles.push(at(id, 'source', Position.Right, width + 16, height / 2));
  return handles;
}

export type MeasuredSizes = ReadonlyMap<string, { width: number; height: number }>;
const NO_SIZES: MeasuredSizes = new Map();
const NO_IDS: ReadonlySet<string> = new Set();

/**
 * `sizes` are the cards' sizes as xyflow measured them. The flow is controlled, so they must come back in the
 * nodes: without a height the minimap draws nothing (it skips nodes without dimensions). `onPath` marks the nodes
 * of the last test run.
 */
export function createNodeMapper() {
  const cache = new Map<string, { source: FlowNode; selected: boolean; size: unknown; onPath: boolean; mapped: CardNode }>();
  return (nodes: FlowNode[], selected: ReadonlySet<string>, sizes: MeasuredSizes = NO_SIZES, path: ReadonlySet<string> = NO_IDS): CardNode[] => {
    const seen = new Set<string>();
    const mapped = nodes.map((node) => {
      seen.add(node.id);
      const isSelected = selected.has(node.id);
      const size = sizes.get(node.id);
      const onPath = path.has(node.id);
      const hit = cache.get(node.id);
      if (hit && hit.source === node && hit.selected === isSelected && hit.size === size && hit.onPath === onPath) return hit.mapped;
      const next: CardNode = {
        id: node.id,
        type: 'flowNode',
        position: node.position,
        // The same data while the node is the same: a card measured or selected is not rendered again (memo).
        data: hit?.source === node ? hit.mapped.data : { node },
        selected: isSelected,
        width: NODE_WIDTH,
        // Measured: its size. Not yet: the estimate, so xyflow culls it like a measured card (estimatedHandles).
        ...(size ? { measured: size } : { initialHeight: DEFAULT_NODE_SIZE.height, handles: estimatedHandles(node) }),
        ...(onPath ? { className: 'on-test-path rounded-xl ring-4 ring-emerald-400 ring-offset-2' } : {}),
      };
      cache.set(node.id, { source: node, selected: isSelected, size, onPath, mapped: next });
      return next;
    });
    for (const id of cache.keys()) if (!seen.has(id)) cache.delete(id);
    return mapped;
  };
}
