import { useReactFlow } from '@xyflow/react';
import { useCallback, type RefObject } from 'react';
import type { FlowNode } from '@shared/flows/graph.ts';
import type { NodeSubType } from '@shared/flows/node-catalog.ts';
import type { FlowEditor } from '../../hooks/use-flow-editor.ts';
import { addNodeAction } from '../../model/add-node-action.ts';
import { autoLayout } from '../../model/auto-layout.ts';
import { touching, type XY } from '../../model/graph-actions.ts';
import { newNode } from '../../model/new-node.ts';
import { below, DEFAULT_NODE_SIZE, freeSpot, type Box } from '../../model/placement.ts';
import type { MeasuredSizes } from '../../model/xyflow-mapping.ts';
import { NO_SELECTION, type Selection } from '../canvas/selection.ts';
import { FIT_VIEW_OPTIONS } from '../canvas/viewport.ts';
import type { RevealWith } from './use-reveal-selected.ts';

/** What the library adds to: the canvas (a free spot near the visible centre), or after a node (connected). */
export type PickerTarget = { after?: { nodeId: string; handle: string; at?: XY } };

type Surroundings = {
  canvasRef: RefObject<HTMLDivElement | null>;
  sizesRef: RefObject<MeasuredSizes>;
  revealWithRef: RefObject<RevealWith | null>;
  select: (selection: Selection) => void;
};

const only = (nodeId: string): Selection => ({ nodes: new Set([nodeId]), edges: new Set() });

/** Where a card centred a third of the way down the visible canvas starts, in flow coordinates. */
function visibleCentre(canvas: HTMLDivElement | null, toFlow: (at: XY) => XY): XY {
  const box = canvas?.getBoundingClientRect();
  const at = box ? toFlow({ x: box.left + box.width / 2, y: box.top + box.height / 3 }) : { x: 0, y: 0 };
  return { x: at.x - DEFAULT_NODE_SIZE.width / 2, y: at.y - DEFAULT_NODE_SIZE.height / 2 };
}

/** The workspace's commands on nodes: add (where there is room), duplicate, remove, and lay the flow out. */
export function useNodeCommands(flowId: string, editor: FlowEditor, { canvasRef, sizesRef, revealWithRef, select }: Surroundings) {
  const { screenToFlowPosition, fitView } = useReactFlow();
  /** A card as a box in flow coordinates, at its measured size. */
  const boxOf = useCallback((n: FlowNode): Box => ({ ...n.position, ...(sizesRef.current.get(n.id) ?? DEFAULT_NODE_SIZE) }), [sizesRef]);

  const addNode = useCallback(
    (subType: NodeSubType, target: PickerTarget = {}) => {
      const graph = editor.graphRef.current;
      const taken = graph.nodes.map(boxOf);
      const after = target.after;
      const source = after && graph.nodes.find((n) => n.id === after.nodeId);
      // Where a connection was dropped, else below the node it follows, else near the visible centre.
      const at = after?.at;
      const position =
        source && !at ? below(boxOf(source), DEFAULT_NODE_SIZE, taken) : freeSpot(at ? { x: at.x - DEFAULT_NODE_SIZE.width / 2, y: at.y } : visibleCentre(canvasRef.current, screenToFlowPosition), DEFAULT_NODE_SIZE, taken);
      const node = newNode(flowId, subType, position, graph.nodes.length);
      void editor.dispatch(addNodeAction(graph, node, source && after ? { source, handle: after.handle } : undefined));
      revealWithRef.current = source ? { nodeId: node.id, parentId: source.id } : null;
      select(only(node.id));
    },
    [editor, flowId, boxOf, canvasRef, screenToFlowPosition, select, revealWithRef],
  );

  const duplicateNode = useCallback(
    (nodeId: string) => {
      const nodes = editor.graphRef.current.nodes;
      const original = nodes.find((n) => n.id === nodeId);
      if (!original) return;
      const size = sizesRef.current.get(nodeId) ?? DEFAULT_NODE_SIZE;
      const spot = freeSpot({ x: original.position.x + 45, y: original.position.y + 45 }, size, nodes.map(boxOf));
      const copy = { ...newNode(flowId, original.subType as NodeSubType, spot, nodes.length), label: original.label, config: structuredClone(original.config) };
      void editor.dispatch({ kind: 'addNode', node: copy, connections: [] });
      select(only(copy.id));
    },
    [editor, flowId, boxOf, sizesRef, select],
  );

  const removeNodes = useCallback(
    (ids: string[]) => {
      for (const id of ids) {
        const graph = editor.graphRef.current;
        const node = graph.nodes.find((n) => n.id === id);
        if (node) void editor.dispatch({ kind: 'removeNode', node, connections: touching(graph, id) });
      }
      select(NO_SELECTION);
    },
    [editor, select],
  );

  const organize = useCallback(async () => {
    const graph = editor.graphRef.current;
    if (graph.nodes.length === 0) return;
    const moves = await autoLayout(graph.nodes, graph.connections, sizesRef.current);
    if (moves.length > 0) await editor.dispatch({ kind: 'move', moves });
    requestAnimationFrame(() => void fitView({ ...FIT_VIEW_OPTIONS, duration: 200 }));
  }, [editor, fitView, sizesRef]);

  return { addNode, duplicateNode, removeNodes, organize };
}

export type NodeCommands = ReturnType<typeof useNodeCommands>;
