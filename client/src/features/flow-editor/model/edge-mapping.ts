import type { Edge } from '@xyflow/react';
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import { edgeLabel } from './edge-label.ts';
import { toEdge } from './xyflow-mapping.ts';

export const PATH_EDGE_COLOR = '#16a34a';
const NO_IDS: ReadonlySet<string> = new Set();

type Cached = { edge: Edge; label: string };

/**
 * Stored connections → xyflow edges, named for a screen reader by their nodes' titles (edge-label.ts). An edge
 * keeps its object while its connection and its label do (a node moved or edited elsewhere leaves it alone). Edges whose ends are missing are left out with a
 * warning (docs/product.md#state-flow-editor), never a crash.
 */
export function createEdgeMapper() {
  const cache = new WeakMap<FlowConnection, Cached>();
  return (connections: FlowConnection[], nodes: ReadonlyMap<string, FlowNode>, selected: ReadonlySet<string>, path: ReadonlySet<string> = NO_IDS): Edge[] =>
    connections.flatMap((connection) => {
      const source = nodes.get(connection.sourceNodeId);
      const target = nodes.get(connection.targetNodeId);
      if (!source || !target) {
        console.warn('Conexão sem nó de origem ou destino ignorada', connection.id);
        return [];
      }
      const label = edgeLabel(connection, source, target);
      const hit = cache.get(connection);
      const edge = hit?.label === label ? hit.edge : { ...toEdge(connection), ariaLabel: label };
      cache.set(connection, { edge, label });
      const onPath = path.has(connection.id);
      if (!onPath && !selected.has(connection.id)) return [edge];
      return [{ ...edge, ...(selected.has(connection.id) ? { selected: true } : {}), ...(onPath ? { className: 'on-test-path', style: { stroke: PATH_EDGE_COLOR, strokeWidth: 4 } } : {}) }];
    });
}
