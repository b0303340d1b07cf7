/**
 * Flow writes and reads. Every function takes `deps.sql`, the pool or an open transaction: the offline sync push
 * re-runs these same functions as named mutations (one implementation of every write).
 */
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import {
  channelContextIssue,
  type createFlowInputSchema,
  type FlowDetail,
  type FlowListItem,
  type FlowSummary,
  type updateFlowInputSchema,
} from '@shared/flows/schemas.ts';
import { AppError, notFound, unusableId } from '../../lib/errors.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import { isUuid } from '../../lib/ids.ts';
import { toConnection, toFlowSummary, toMessage, toNode } from './mappers.ts';
import * as repo from './repository.ts';
import { listNodes } from './node-repository.ts';
import { listConnections } from './connection-repository.ts';
import { listMessages } from './message-repository.ts';

export type FlowsDeps = { sql: Queryable };

/** Optional list filters: by bot (bot details quick action) and by channel (docs/product.md#api-flows `?channelId`). */
export const flowListQuerySchema = z.object({
  botId: z.uuid({ error: 'Bot inválido' }).optional(),
  channelId: z.string().regex(/^-?\d+$/, { error: 'Canal inválido' }).optional(),
});

export async function listFlows(deps: FlowsDeps, userId: string, filter: z.infer<typeof flowListQuerySchema>): Promise<FlowSummary[]> {
  return (await repo.listFlows(deps.sql, userId, filter)).map(toFlowSummary);
}

/**
 * GET /flows: the summaries with their execution counts. The runtime is flushed first, as for the analytics chip:
 * the engine records write-behind, and an operator who just ran a flow expects to see it counted.
 */
export async function listFlowItems(deps: FlowsDeps & { runtime: Pick<BotRuntime, 'flush'> }, userId: string, filter: z.infer<typeof flowListQuerySchema>): Promise<FlowListItem[]> {
  await deps.runtime.flush();
  const flows = await listFlows(deps, userId, filter);
  const counts = await repo.executionCounts(deps.sql, userId, flows.map((flow) => flow.id));
  return flows.map((flow) => ({ ...flow, executionCount: counts.get(flow.id) ?? 0 }));
}

/** GET /flows/channel/{channelId}: a Telegram chat id, or the channel record id of the channel screens. */
export async function listChannelFlows(deps: FlowsDeps, userId: string, channelId: string): Promise<FlowSummary[]> {
  const chatId = isUuid(channelId) ? await repo.channelChatId(deps.sql, userId, channelId) : channelId;
  if (!chatId || !/^-?\d+$/.test(chatId)) throw notFound();
  return listFlows(deps, userId, { channelId: chatId });
}

export async function ownedFlow(deps: FlowsDeps, userId: string, flowId: string) {
  const row = isUuid(flowId) ? await repo.findFlow(deps.sql, userId, flowId) : undefined;
  if (!row) throw notFound();
  return row;
}

export async function getFlow(deps: FlowsDeps, userId: string, flowId: string, includeNodes = true): Promise<FlowDetail> {
  const flow = toFlowSummary(await ownedFlow(deps, userId, flowId));
  if (!includeNodes) return flow;
  const [nodes, connections, messages] = await Promise.all([
    listNodes(deps.sql, userId, flowId),
    listConnections(deps.sql, userId, flowId),
    listMessages(deps.sql, userId, flowId),
  ]);
  return { ...flow, nodes: nodes.map(toNode), connections: connections.map(toConnection), messages: messages.map(toMessage) };
}

/** Selected channels must be chats of the flow's own bot. */
async function checkChannels(deps: FlowsDeps, userId: string, botId: string, channelIds: string[]) {
  if (channelIds.length === 0) return;
  const known = new Set(await repo.botChatIds(deps.sql, userId, botId));
  if (channelIds.some((id) => !known.has(id))) {
    throw new AppError('VALIDATION_FAILED', 400, 'Canal inválido', { allowedChannelIds: 'Canal inválido' });
  }
}

export async function createFlow(deps: FlowsDeps, userId: string, input: z.output<typeof createFlowInputSchema>): Promise<FlowSummary> {
  await checkChannels(deps, userId, input.botId, input.allowedChannelIds);
  const id = input.id ?? crypto.randomUUID();
  const row = await repo.insertFlow(deps.sql, userId, id, {
    botId: input.botId,
    name: input.name,
    description: input.description || null,
    enabled: true,
    triggerType: input.trigger.type,
    executionContexts: input.executionContexts,
    allowedChannelIds: input.allowedChannelIds,
  });
  if (row) return toFlowSummary(row);
  // Nothing inserted: the client's id is taken, or the bot is not the user's (404, docs/decisions.md#d-api-conventions).
  if (input.id && (await repo.idTaken(deps.sql, input.id))) throw unusableId();
  throw notFound();
}

export async function updateFlow(deps: FlowsDeps, userId: string, flowId: string, input: z.output<typeof updateFlowInputSchema>): Promise<FlowSummary> {
  const current = await ownedFlow(deps, userId, flowId);
  const next: repo.FlowValues = {
    botId: current.botId,
    name: input.name ?? current.name,
    description: input.description === undefined ? current.description : input.description || null,
    enabled: input.enabled ?? current.enabled,
    triggerType: input.trigger?.type ?? current.triggerType ?? 'MESSAGE',
    executionContexts: input.executionContexts ?? current.executionContexts,
    allowedChannelIds: input.allowedChannelIds ?? current.allowedChannelIds,
  };
  const issue = channelContextIssue(next.executionContexts, next.allowedChannelIds);
  if (issue) throw new AppError('VALIDATION_FAILED', 400, issue, { allowedChannelIds: issue });
  if (input.allowedChannelIds) await checkChannels(deps, userId, current.botId, input.allowedChannelIds);
  const row = await repo.updateFlow(deps.sql, userId, flowId, next);
  if (!row) throw notFound();
  return toFlowSummary(row);
}

export async function toggleFlow(deps: FlowsDeps, userId: string, flowId: string, enabled?: boolean): Promise<FlowSummary> {
  const row = isUuid(flowId) ? await repo.setEnabled(deps.sql, userId, flowId, enabled) : undefined;
  if (!row) throw notFound();
  return toFlowSummary(row);
}

export async function deleteFlow(deps: FlowsDeps, userId: string, flowId: string): Promise<void> {
  if (!isUuid(flowId) || !(await repo.deleteFlow(deps.sql, userId, flowId))) throw notFound();
}
