import { defaultNodeConfig } from '@shared/flows/node-configs.ts';
import { nodeTypeOf, SUBTYPE_LABELS, type NodeSubType } from '@shared/flows/node-catalog.ts';
import type { FlowNode } from '@shared/flows/graph.ts';
import type { XY } from './graph-actions.ts';

/** A library click: a node with a client-made id (docs/decisions.md#d-flows), its subtype's defaults and the given position. */
export function newNode(flowId: string, subType: NodeSubType, position: XY, order: number): FlowNode {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    flowId,
    type: nodeTypeOf(subType) ?? 'action',
    subType,
    label: SUBTYPE_LABELS[subType],
    position,
    config: defaultNodeConfig(subType),
    order,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * "A random position" (docs/product.md#screen-flow-editor) around the visible centre, so the new node is seen: of a few random candidates
 * the one farthest from existing nodes wins, so a new card rarely lands on top of another.
 */
export function randomPositionAround(center: XY, existing: XY[] = [], random: () => number = Math.random): XY {
  const candidate = (): XY => ({ x: Math.round(center.x - 140 + (random() - 0.5) * 480), y: Math.round(center.y - 60 + (random() - 0.5) * 320) });
  const clearance = (p: XY) => Math.min(Infinity, ...existing.map((e) => Math.hypot((e.x - p.x) / 2, e.y - p.y)));
  let best = candidate();
  for (let i = 0; i < 12 && existing.length > 0; i++) {
    const next = candidate();
    if (clearance(next) > clearance(best)) best = next;
  }
  return best;
}
