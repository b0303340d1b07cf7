import { useMemo, useState, type RefObject } from 'react';
import type { EditorGraph } from '../../model/graph-actions.ts';
import { createEdgeMapper } from '../../model/edge-mapping.ts';
import { createNodeMapper, type MeasuredSizes } from '../../model/xyflow-mapping.ts';
import type { Selection, TestPath } from './selection.ts';

/**
 * The graph as xyflow's nodes and edges, with the selection, the test path and the cards' measured sizes. The
 * mappers cache per source object, so a change hands xyflow new objects only for what it touched.
 */
export function useCanvasElements(graph: EditorGraph, selection: Selection, path: TestPath, sizesRef: RefObject<MeasuredSizes>) {
  const mapNodes = useMemo(createNodeMapper, []);
  const mapEdges = useMemo(createEdgeMapper, []);
  const [sizes, setSizes] = useState<MeasuredSizes>(() => new Map());
  sizesRef.current = sizes;
  const nodes = useMemo(() => mapNodes(graph.nodes, selection.nodes, sizes, path.nodes), [mapNodes, graph.nodes, selection.nodes, sizes, path.nodes]);
  const byId = useMemo(() => new Map(graph.nodes.map((n) => [n.id, n])), [graph.nodes]);
  const edges = useMemo(() => mapEdges(graph.connections, byId, selection.edges, path.edges), [mapEdges, graph.connections, byId, selection.edges, path.edges]);
  return { nodes, edges, setSizes };
}
