/**
 * Connection writes (docs/product.md#state-flow-editor): both ends must be existing nodes of the connection's flow, a trigger has no
 * input, `true` / `false` leave conditions only, and a `button_{row}_{index}` handle must name an existing button
 * of a send_buttons node. A button edge also points that button at its target (`flow_{targetId}`), and deleting
 * it makes the button pending again, so the stored graph and the buttons never disagree.
 */
import type { z } from 'zod';
import { flowButtonValue, FLOW_PENDING, parseButtonHandle } from '@shared/flows/buttons.ts';
import type { createConnectionInputSchema, FlowConnection } from '@shared/flows/graph.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound, unusableId } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { toConnection } from './mappers.ts';
import * as connections from './connection-repository.ts';
import { findNode, setButtonValue, type NodeRow } from './node-repository.ts';
import { ownedFlow, type FlowsDeps } from './service.ts';

export async function listFlowConnections(deps: FlowsDeps, userId: string, flowId: string): Promise<FlowConnection[]> {
  await ownedFlow(deps, userId, flowId);
  return (await connections.listConnections(deps.sql, userId, flowId)).map(toConnection);
}

function handleFits(source: NodeRow, handle: string) {
  if (handle === 'default') return true;
  if (handle === 'true' || handle === 'false') return source.type === 'condition';
  const button = parseButtonHandle(handle);
  const rows = source.config.buttons;
  return source.subType === 'send_buttons' && button !== undefined && Array.isArray(rows) && Array.isArray(rows[button.row]) && button.index < rows[button.row].length;
}

const invalid = () => new AppError('CONNECTION_INVALID', 400);

/** A node deleted between the checks above and the insert trips the foreign key (23503): still "invalid", not a 500. */
function rethrowMissingNode(error: unknown): never {
  throw Reflect.get(Object(error), 'code') === '23503' ? invalid() : error;
}

export async function createConnection(deps: FlowsDeps, userId: string, input: z.output<typeof createConnectionInputSchema>): Promise<FlowConnection> {
  await ownedFlow(deps, userId, input.flowId);
  const [source, target] = await Promise.all([findNode(deps.sql, userId, input.sourceNodeId), findNode(deps.sql, userId, input.targetNodeId)]);
  if (!source || !target || source.flowId !== input.flowId || target.flowId !== input.flowId) throw invalid();
  if (target.type === 'trigger' || !handleFits(source, input.sourceHandle)) throw invalid();
  const id = input.id ?? crypto.randomUUID();
  return inTransaction(deps.sql, async (sql) => {
    const row = await connections.insertConnection(sql, { ...input, id, label: input.label ?? null }).catch(rethrowMissingNode);
    if (!row) {
      throw (await connections.connectionIdTaken(sql, id)) ? unusableId() : new AppError('CONNECTION_EXISTS', 409);
    }
    const button = parseButtonHandle(row.sourceHandle);
    if (button) await setButtonValue(sql, row.sourceNodeId, button.row, button.index, flowButtonValue(row.targetNodeId));
    return toConnection(row);
  });
}

export async function deleteConnection(deps: FlowsDeps, userId: string, connectionId: string): Promise<void> {
  const row = isUuid(connectionId) ? await connections.findConnection(deps.sql, userId, connectionId) : undefined;
  if (!row) throw notFound();
  await inTransaction(deps.sql, async (sql) => {
    if (!(await connections.deleteConnection(sql, connectionId))) throw notFound();
    const button = parseButtonHandle(row.sourceHandle);
    if (button) await setButtonValue(sql, row.sourceNodeId, button.row, button.index, FLOW_PENDING);
  });
}
