/**
 * POST /flows/{id}/duplicate {name}: a copy of the flow with its whole graph under new ids. Flow buttons point
 * at the copies of their targets. The copy starts disabled: two enabled flows with the same trigger would both
 * answer every /start until the user changes one.
 */
import type { Queryable } from '../../db/client.ts';
import { flowButtonTarget, flowButtonValue } from '@shared/flows/buttons.ts';
import type { FlowSummary } from '@shared/flows/schemas.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { toFlowSummary } from './mappers.ts';
import * as flows from './repository.ts';
import * as copies from './copy-repository.ts';
import { listNodes } from './node-repository.ts';
import { listConnections } from './connection-repository.ts';
import { listMessages } from './message-repository.ts';
import { ownedFlow, type FlowsDeps } from './service.ts';

/** Rewrites `flow_{old}` button values of a config to the copy's ids. */
function remapButtons(config: Record<string, unknown>, ids: Map<string, string>) {
  const rows = config.buttons;
  if (!Array.isArray(rows)) return config;
  const remap = (button: unknown) => {
    const value = typeof button === 'object' && button !== null ? Reflect.get(button, 'value') : undefined;
    const target = typeof value === 'string' ? flowButtonTarget(value) : undefined;
    const copy = target ? ids.get(target) : undefined;
    return copy ? { ...Object(button), value: flowButtonValue(copy) } : button;
  };
  return { ...config, buttons: rows.map((row) => (Array.isArray(row) ? row.map(remap) : row)) };
}

export async function duplicateFlow(deps: FlowsDeps, userId: string, flowId: string, name: string): Promise<FlowSummary> {
  const source = await ownedFlow(deps, userId, flowId);
  return inTransaction(deps.sql, async (sql: Queryable) => {
    const copyId = crypto.randomUUID();
    const copy = await flows.insertFlow(sql, userId, copyId, {
      ...source,
      name,
      enabled: false,
      triggerType: source.triggerType ?? 'MESSAGE',
    });
    if (!copy) throw new AppError('INTERNAL_ERROR', 500);
    const [nodes, connections, messages] = await Promise.all([
      listNodes(sql, userId, flowId),
      listConnections(sql, userId, flowId),
      listMessages(sql, userId, flowId),
    ]);
    const ids = new Map(nodes.map((node) => [node.id, crypto.randomUUID()]));
    const nodeRows = nodes.map((node) => ({ ...node, id: ids.get(node.id), config: remapButtons(node.config, ids) }));
    await copies.insertNodeCopies(sql, copyId, nodeRows);
    const edgeRows = connections.map((edge) => ({
      ...edge,
      id: crypto.randomUUID(),
      sourceNodeId: ids.get(edge.sourceNodeId),
      targetNodeId: ids.get(edge.targetNodeId),
    }));
    await copies.insertConnectionCopies(sql, copyId, edgeRows);
    const messageRows = messages.map((message) => ({
      ...message,
      id: crypto.randomUUID(),
      nodeId: message.nodeId ? (ids.get(message.nodeId) ?? null) : null,
    }));
    await copies.insertMessageCopies(sql, copyId, messageRows);
    return toFlowSummary(copy);
  });
}
