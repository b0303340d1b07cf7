/** Flow messages (docs/product.md#api-flow-graph): POST /flows/{id}/messages, PUT and DELETE /flows/messages/{id}. */
import type { z } from 'zod';
import type { createMessageInputSchema, FlowMessage, updateMessageInputSchema } from '@shared/flows/graph.ts';
import { AppError, notFound, unusableId } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { toMessage } from './mappers.ts';
import * as messages from './message-repository.ts';
import { ownedFlow, type FlowsDeps } from './service.ts';

export async function createMessage(
  deps: FlowsDeps,
  userId: string,
  flowId: string,
  input: z.output<typeof createMessageInputSchema>,
): Promise<FlowMessage> {
  await ownedFlow(deps, userId, flowId);
  const id = input.id ?? crypto.randomUUID();
  const row = await messages.insertMessage(deps.sql, flowId, id, { ...input, nodeId: input.nodeId ?? null });
  if (row) return toMessage(row);
  if (input.id && (await messages.idTaken(deps.sql, id))) throw unusableId();
  throw new AppError('VALIDATION_FAILED', 400, 'Nó inválido', { nodeId: 'Nó inválido' });
}

async function ownedMessage(deps: FlowsDeps, userId: string, messageId: string) {
  const row = isUuid(messageId) ? await messages.findMessage(deps.sql, userId, messageId) : undefined;
  if (!row) throw notFound();
  return row;
}

export async function updateMessage(
  deps: FlowsDeps,
  userId: string,
  messageId: string,
  input: z.output<typeof updateMessageInputSchema>,
): Promise<FlowMessage> {
  const current = await ownedMessage(deps, userId, messageId);
  const row = await messages.updateMessage(deps.sql, messageId, {
    nodeId: current.nodeId,
    content: input.content ?? current.content,
    parseMode: input.parseMode ?? current.parseMode,
    buttons: input.buttons ?? current.buttons,
    order: input.order ?? current.order,
  });
  if (!row) throw notFound();
  return toMessage(row);
}

export async function deleteMessage(deps: FlowsDeps, userId: string, messageId: string): Promise<void> {
  await ownedMessage(deps, userId, messageId);
  if (!(await messages.deleteMessage(deps.sql, messageId))) throw notFound();
}
