import { defaultNodeConfig } from '../../../../../shared/flows/node-configs.ts';
import { nodeTypeOf, SUBTYPE_LABELS, type NodeSubType } from '../../../../../shared/flows/node-catalog.ts';
import type { FlowNode } from '../../../../../shared/flows/graph.ts';
import type { XY } from './graph-actions.ts';

/** A library click: a node with a client-made id (decisions §5), its subtype's defaults and the given position. */
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

/** "A random position" (part 2 §2), kept inside the visible area around its centre so the new node is seen. */
export function randomPositionAround(center: XY, spread = 240): XY {
  const jitter = () => Math.round((Math.random() - 0.5) * spread);
  return { x: center.x - 140 + jitter(), y: center.y - 60 + jitter() };
}
