/**
 * The join gate of a chat as the console sees it (docs/product.md#acessos): its rule, the active plans that open it,
 * and the gate's decisions there. Another workspace's chat, or one of a bot in the Lixeira, is not found.
 */
import { JOIN_GATE_TEXTS, effectiveJoinRule, type GateDecision, type JoinGate, type JoinRule } from '@shared/access/join-gate.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import * as repo from './join-gate-repository.ts';

async function channelOf(sql: Queryable, userId: string, channelId: string) {
  const channel = isUuid(channelId) ? await repo.findChannel(sql, userId, channelId) : undefined;
  if (!channel) throw notFound();
  return channel;
}

async function toGate(sql: Queryable, channel: repo.GateChannelRow): Promise<JoinGate> {
  const plans = await repo.activePlans(sql, channel.id);
  return { channelId: channel.id, rule: channel.rule, effectiveRule: effectiveJoinRule(channel.rule, plans.length > 0), plans };
}

export async function getGate(sql: Queryable, userId: string, channelId: string): Promise<JoinGate> {
  return toGate(sql, await channelOf(sql, userId, channelId));
}

/** The human check is refused for a chat an active plan opens: it would let people into a paid chat for free. */
export async function setRule(sql: Queryable, userId: string, channelId: string, rule: JoinRule): Promise<JoinGate> {
  const channel = await channelOf(sql, userId, channelId);
  if (rule === 'challenge' && (await repo.activePlans(sql, channel.id)).length > 0) {
    throw new AppError('VALIDATION_FAILED', 422, JOIN_GATE_TEXTS.challengeInPlan, { rule: JOIN_GATE_TEXTS.challengeInPlan });
  }
  await repo.saveRule(sql, userId, channel.id, rule);
  return toGate(sql, { ...channel, rule });
}

const nameOf = (row: repo.DecisionRow) => [row.firstName, row.lastName].filter((part) => part).join(' ') || null;

const toDecision = (row: repo.DecisionRow): GateDecision => ({
  id: row.id, telegramId: row.telegramId.toString(), name: nameOf(row), username: row.username,
  decision: row.decision,
  reason: row.reason, memberId: row.memberId, planId: row.planId, planName: row.planName, createdAt: row.createdAt.toISOString(),
});

export async function listDecisions(sql: Queryable, userId: string, channelId: string, query: { page: number; limit: number }) {
  const channel = await channelOf(sql, userId, channelId);
  const { rows, total } = await repo.listDecisions(sql, userId, channel, { limit: query.limit, offset: (query.page - 1) * query.limit });
  return { decisions: rows.map(toDecision), pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) } };
}
