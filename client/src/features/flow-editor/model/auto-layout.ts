/**
 * "Organizar": the flow laid out top to bottom by dagre (the layered layout React Flow's own examples use). dagre
 * is imported on demand, so it is downloaded only when someone organises a flow, never with the login page.
 */
import type { FlowConnection, FlowNode } from '@shared/flows/graph.ts';
import type { NodeMove, XY } from './graph-actions.ts';
import { DEFAULT_NODE_SIZE, type Size } from './placement.ts';

const snap = (value: number) => Math.round(value / 15) * 15;

/** New top-left positions for every node that moves (on the 15 px grid), nodes kept in their rows' order. */
export async function autoLayout(nodes: readonly FlowNode[], connections: readonly FlowConnection[], sizes: ReadonlyMap<string, Size>): Promise<NodeMove[]> {
  const { graphlib, layout } = await import('@dagrejs/dagre');
  const graph = new graphlib.Graph({ multigraph: true });
  graph.setGraph({ rankdir: 'TB', nodesep: 60, ranksep: 90, marginx: 0, marginy: 0 });
  graph.setDefaultEdgeLabel(() => ({}));
  const ids = new Set(nodes.map((n) => n.id));
  for (const node of nodes) graph.setNode(node.id, { ...(sizes.get(node.id) ?? DEFAULT_NODE_SIZE) });
  for (const c of connections) if (ids.has(c.sourceNodeId) && ids.has(c.targetNodeId) && c.sourceNodeId !== c.targetNodeId) graph.setEdge(c.sourceNodeId, c.targetNodeId, {}, c.id);
  layout(graph);
  // Keep the flow where it was on the canvas: the laid-out drawing starts at the old top-left corner.
  const origin: XY = { x: Math.min(...nodes.map((n) => n.position.x)), y: Math.min(...nodes.map((n) => n.position.y)) };
  return nodes.flatMap((node) => {
    const laid = graph.node(node.id);
    const size = sizes.get(node.id) ?? DEFAULT_NODE_SIZE;
    const to = { x: snap(origin.x + laid.x - size.width / 2), y: snap(origin.y + laid.y - size.height / 2) };
    return to.x === node.position.x && to.y === node.position.y ? [] : [{ nodeId: node.id, from: node.position, to }];
  });
}
