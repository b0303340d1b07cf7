import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EditorGraph, XY } from '../model/graph-actions.ts';
import { createPositionMerger, settleOverlay, withPositions, type PositionOverlay } from '../model/position-overlay.ts';

const NO_OVERLAY: PositionOverlay = new Map();

/**
 * The graph on screen: the cached graph with the positions moved but not in the cache yet on top. A node keeps its object
 * while neither its stored row nor its moved position changes; `graphRef` reads the latest graph from callbacks.
 * `setPositions` moves nodes on screen only; the editor queues their write.
 */
export function useGraphOverlay(stored: EditorGraph) {
  const [overlay, setOverlay] = useState(NO_OVERLAY);
  const merge = useMemo(createPositionMerger, []);
  const nodes = useMemo(() => merge(stored.nodes, overlay), [merge, stored.nodes, overlay]);
  const graph = useMemo<EditorGraph>(() => ({ nodes, connections: stored.connections }), [nodes, stored.connections]);
  const graphRef = useRef(graph);
  graphRef.current = graph;
  useEffect(() => setOverlay((current) => settleOverlay(current, stored.nodes)), [stored.nodes]);
  const setPositions = useCallback((positions: Map<string, XY>) => setOverlay((current) => withPositions(current, positions)), []);
  return { graph, graphRef, setPositions };
}
