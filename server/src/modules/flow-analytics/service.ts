/**
 * Execution history and analytics of docs/decisions.md#d-flow-engine. The runtime is flushed first: the engine records
 * write-behind, and an operator who just ran a flow expects to see it.
 */
import type { ExecutionDetail, Execution, FlowAnalytics, NodeAnalytics } from '@shared/flows/executions.ts';
import { executionStepSchema, EXECUTION_STATUSES } from '@shared/flows/executions.ts';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import * as repo from './repository.ts';

export type AnalyticsDeps = { sql: Queryable; runtime: BotRuntime };

const toExecution = (row: repo.ExecutionRow): Execution => ({
  id: row.id, flowId: row.flowId, contactTelegramId: String(row.contactTelegramId), chatId: String(row.chatId),
  triggerNodeId: row.triggerNodeId, status: EXECUTION_STATUSES.find((status) => status === row.status) ?? 'failed',
  stepCount: row.stepCount, error: row.error, startedAt: row.startedAt.toISOString(), finishedAt: row.finishedAt?.toISOString() ?? null,
});

async function ownedFlow(deps: AnalyticsDeps, userId: string, flowId: string) {
  if (!(await repo.ownsFlow(deps.sql, userId, flowId))) throw notFound();
  await deps.runtime.flush();
}

async function ownedNode(deps: AnalyticsDeps, userId: string, nodeId: string) {
  if (!(await repo.ownsNode(deps.sql, userId, nodeId))) throw notFound();
  await deps.runtime.flush();
}

export async function listExecutions(deps: AnalyticsDeps, userId: string, flowId: string, limit: number): Promise<Execution[]> {
  await ownedFlow(deps, userId, flowId);
  return (await repo.listExecutions(deps.sql, userId, flowId, limit)).map(toExecution);
}

export async function getExecution(deps: AnalyticsDeps, userId: string, flowId: string, executionId: string): Promise<ExecutionDetail> {
  await ownedFlow(deps, userId, flowId);
  const row = await repo.findExecution(deps.sql, userId, flowId, executionId);
  if (!row) throw notFound();
  return { ...toExecution(row), steps: executionStepSchema.array().parse(row.steps ?? []) };
}

export async function flowAnalytics(deps: AnalyticsDeps, userId: string, flowId: string): Promise<FlowAnalytics> {
  await ownedFlow(deps, userId, flowId);
  const { counts, nodes, clicks } = await repo.flowCounters(deps.sql, flowId);
  const ids = new Set([...nodes.map((node) => node.nodeId), ...clicks.map((click) => click.nodeId)]);
  return {
    flowId, executionCount: counts.total, completedCount: counts.completed, failedCount: counts.failed,
    totalVisits: nodes.reduce((sum, node) => sum + node.visits, 0),
    nodes: [...ids].sort().map((nodeId) => ({
      nodeId,
      visits: nodes.find((node) => node.nodeId === nodeId)?.visits ?? 0,
      buttonClicks: withPercentages(clicks.filter((click) => click.nodeId === nodeId)),
    })),
  };
}

/** Each button's share of its node's clicks, one decimal (the editor shows it next to the count). */
function withPercentages(clicks: { buttonId: string; clicks: number }[]) {
  const total = clicks.reduce((sum, button) => sum + button.clicks, 0);
  return clicks.map(({ buttonId, clicks: count }) => ({
    buttonId, clicks: count, percentage: total === 0 ? 0 : Math.round((count / total) * 1000) / 10,
  }));
}

export async function nodeAnalytics(deps: AnalyticsDeps, userId: string, nodeId: string): Promise<NodeAnalytics> {
  await ownedNode(deps, userId, nodeId);
  const { visits, clicks } = await repo.nodeCounters(deps.sql, nodeId);
  return { nodeId, totalVisits: visits, buttonClicks: withPercentages(clicks) };
}

export async function resetFlow(deps: AnalyticsDeps, userId: string, flowId: string) {
  await ownedFlow(deps, userId, flowId);
  await repo.resetFlow(deps.sql, flowId);
}

export async function resetNode(deps: AnalyticsDeps, userId: string, nodeId: string) {
  await ownedNode(deps, userId, nodeId);
  await repo.resetNode(deps.sql, nodeId);
}
