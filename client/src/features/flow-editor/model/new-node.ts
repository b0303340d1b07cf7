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
