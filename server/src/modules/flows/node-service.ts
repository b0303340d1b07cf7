/** Node writes (docs/product.md#state-flow-editor): create with a client id, partial updates checked against the node's subtype, delete. */
import type { z } from 'zod';
import { parseNodeConfig } from '@shared/flows/node-configs.ts';
import { isNodeSubType, SUBTYPE_LABELS } from '@shared/flows/node-catalog.ts';
import { parseButtonHandle, FLOW_PENDING } from '@shared/flows/buttons.ts';
import type { createNodeInputSchema, FlowNode, updateNodeInputSchema } from '@shared/flows/graph.ts';
import { fieldErrors } from '@shared/api/validation.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound, unusableId } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { toNode } from './mappers.ts';
import * as nodes from './node-repository.ts';
import { buttonEdgesInto } from './connection-repository.ts';
import { ownedFlow, type FlowsDeps } from './service.ts';

export async function listFlowNodes(deps: FlowsDeps, userId: string, flowId: string): Promise<FlowNode[]> {
  await ownedFlow(deps, userId, flowId);
  return (await nodes.listNodes(deps.sql, userId, flowId)).map(toNode);
}

export async function ownedNode(deps: FlowsDeps, userId: string, nodeId: string) {
  const row = isUuid(nodeId) ? await nodes.findNode(deps.sql, userId, nodeId) : undefined;
  if (!row) throw notFound();
  return row;
}

export async function createNode(deps: FlowsDeps, userId: string, input: z.output<typeof createNodeInputSchema>): Promise<FlowNode> {
  if (!isUuid(input.flowId)) throw notFound();
  const id = input.id ?? crypto.randomUUID();
  const row = await nodes.insertOwnedNode(deps.sql, userId, input.flowId, id, {
    type: input.type,
    subType: input.subType,
    label: input.label || SUBTYPE_LABELS[input.subType],
    x: input.position.x,
    y: input.position.y,
    config: input.config,
    order: input.order,
  });
  if (row) return toNode(row);
  await ownedFlow(deps, userId, input.flowId);
  throw unusableId();
}

/** A config change is checked against the node's subtype first; moves and renames are one statement. */
export async function updateNode(deps: FlowsDeps, userId: string, nodeId: string, input: z.output<typeof updateNodeInputSchema>): Promise<FlowNode> {
  if (!isUuid(nodeId)) throw notFound();
  let config: Record<string, unknown> | undefined;
  if (input.config) {
    const current = await ownedNode(deps, userId, nodeId);
    config = current.config;
    if (isNodeSubType(current.subType)) {
      const parsed = parseNodeConfig(current.subType, input.config);
      if (!parsed.success) {
        const details = fieldErrors(parsed.error);
        throw new AppError('VALIDATION_FAILED', 400, Object.values(details)[0], details);
      }
      config = parsed.data;
    }
  }
  const row = await nodes.updateOwnedNode(deps.sql, userId, nodeId, {
    label: input.label,
    x: input.position?.x,
    y: input.position?.y,
    config,
    order: input.order,
  });
  if (!row) throw notFound();
  return toNode(row);
}

/** Salvar (docs/product.md#state-flow-editor): every node position of one flow at once; nodes no longer in the flow are skipped. */
export async function saveNodePositions(
  deps: FlowsDeps,
  userId: string,
  flowId: string,
  positions: Array<{ nodeId: string; position: { x: number; y: number } }>,
): Promise<number> {
  await ownedFlow(deps, userId, flowId);
  const flat = positions.map(({ nodeId, position }) => ({ nodeId, x: position.x, y: position.y }));
  return flat.length === 0 ? 0 : nodes.setPositions(deps.sql, flowId, flat);
}

/** Its connections go with it; buttons elsewhere that pointed at it become unconnected (`flow_pending`). */
export async function deleteNode(deps: FlowsDeps, userId: string, nodeId: string): Promise<void> {
  await ownedNode(deps, userId, nodeId);
  await inTransaction(deps.sql, async (sql) => {
    for (const edge of await buttonEdgesInto(sql, nodeId)) {
      const button = parseButtonHandle(edge.sourceHandle);
      if (button) await nodes.setButtonValue(sql, edge.sourceNodeId, button.row, button.index, FLOW_PENDING);
    }
    if (!(await nodes.deleteNode(sql, nodeId))) throw notFound();
  });
}
