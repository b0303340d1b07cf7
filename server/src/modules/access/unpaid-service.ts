/**
 * The dry-run of a plan's chats (docs/decisions.md#paid-access): activating a plan on a chat that already has
 * members removes nobody; the plan page lists the members the bot has seen join who hold no access (Telegram does
 * not let bots list a chat's members, so nobody else can be listed), and only the operator's confirmation queues
 * their removal, one durable job per person and chat at the bot's pace (lifecycle/unpaid-removal.ts).
 */
import { UNPAID_LIST_MAX, UNPAID_TEXTS, type RemoveUnpaidInput, type UnpaidReport } from '@shared/access/unpaid.ts';
import type { Queryable } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { scheduleUnpaidRemovals } from './lifecycle/unpaid-removal.ts';
import * as repo from './unpaid-repository.ts';

export type UnpaidDeps = { sql: Queryable };

async function ownPlan(sql: Queryable, userId: string, planId: string) {
  const plan = isUuid(planId) ? await repo.planForUnpaid(sql, userId, planId) : undefined;
  if (!plan) throw notFound();
  return plan;
}

async function report(sql: Queryable, userId: string, plan: { id: string; botId: string }): Promise<UnpaidReport> {
  const chats = [];
  for (const chat of await repo.planChatsOf(sql, plan.id)) {
    const { rows, total } = await repo.unpaidOf(sql, userId, plan.botId, chat, UNPAID_LIST_MAX);
    const counts = await repo.removalCounts(sql, plan.id, chat.chatId);
    chats.push({
      channelId: chat.channelId, title: chat.title, count: total, ...counts,
      people: rows.map((row) => ({
        telegramId: String(row.telegramId), name: row.name, username: row.username, contactId: row.contactId, joinedAt: row.joinedAt.toISOString(),
      })),
    });
  }
  return { chats, total: chats.reduce((sum, chat) => sum + chat.count, 0) };
}

export async function unpaidReport(deps: UnpaidDeps, userId: string, planId: string): Promise<UnpaidReport> {
  return report(deps.sql, userId, await ownPlan(deps.sql, userId, planId));
}

/** Queues the removal of everyone listed now (in one chat, or every chat of the plan); answers how many. */
export async function removeUnpaid(deps: UnpaidDeps, userId: string, planId: string, input: RemoveUnpaidInput, actorId: string) {
  const plan = await ownPlan(deps.sql, userId, planId);
  if (!plan.active || plan.archived) throw new AppError('VALIDATION_FAILED', 409, UNPAID_TEXTS.inactive, { planId: UNPAID_TEXTS.inactive });
  const chats = (await repo.planChatsOf(deps.sql, plan.id)).filter((chat) => input.channelId === undefined || chat.channelId === input.channelId);
  if (chats.length === 0) throw new AppError('VALIDATION_FAILED', 422, UNPAID_TEXTS.notOfPlan, { channelId: UNPAID_TEXTS.notOfPlan });
  const queued = await inTransaction(deps.sql, async (tx) => {
    let count = 0;
    for (const chat of chats) {
      const removalIds = await repo.insertRemovals(tx, { userId, planId: plan.id, botId: plan.botId, chat, actorId });
      await scheduleUnpaidRemovals(tx, { userId, botId: plan.botId, removalIds });
      count += removalIds.length;
    }
    return count;
  });
  return { queued, report: await report(deps.sql, userId, plan) };
}
