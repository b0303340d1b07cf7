import type { Edge, EdgeChange, NodeChange, OnNodeDrag } from '@xyflow/react';
import { useCallback, useRef, type Dispatch, type SetStateAction } from 'react';
import type { FlowEditor } from '../../hooks/use-flow-editor.ts';
import type { XY } from '../../model/graph-actions.ts';
import type { CardNode, MeasuredSizes } from '../../model/xyflow-mapping.ts';
import { withChange, type Selection } from './selection.ts';

type SelectionChange = (next: (current: Selection) => Selection) => void;

/**
 * What xyflow reports about the cards, written back to the editor: positions while dragging (on screen only), the
 * selection, the measured sizes, and one undo step per finished drag. Stable callbacks: a drag frame re-renders
 * only the cards it moves.
 */
export function useCardChanges(editor: FlowEditor, onSelectionChange: SelectionChange, setSizes: Dispatch<SetStateAction<MeasuredSizes>>) {
  const dragStart = useRef(new Map<string, XY>());

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
    [editor, onSelectionChange, setSizes],
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

  return { onNodesChange, onEdgesChange, onNodeDragStart, onNodeDragStop };
}
