/**
 * Removing a member without access the operator confirmed (the dry-run, unpaid-service.ts): one durable job per
 * person and chat (`access.remove-unpaid`, keyed by its access_unpaid_removals row), scoped to the bot's instance so
 * it shares the bot's removal pace with the expiry removals. It re-reads the row: someone who bought access
 * meanwhile is kept; an administrator or the chat's creator is never touched (the runtime asks getChatMember
 * first); a 429 goes back to the queue with Telegram's retry_after. The outcome and the job's end commit together.
 */
import { z } from 'zod';
import type { Queryable, Sql } from '../../../db/client.ts';
import { jobKind } from '../../../jobs/queue.ts';
import { RetryLaterError, type JobHandler } from '../../../jobs/run-job.ts';
import type { BotRuntime } from '../../../ports/bot-runtime.ts';
import { finishRemoval, pendingRemoval } from '../unpaid-repository.ts';

export const unpaidRemovalJob = jobKind('access.remove-unpaid', z.object({ removalId: z.uuid(), userId: z.uuid() }));

/** 429s count as attempts: enough of them to outlast a long flood wait. */
const MAX_ATTEMPTS = 30;

export async function scheduleUnpaidRemovals(sql: Queryable, input: { userId: string; botId: string; removalIds: string[] }) {
  for (const removalId of input.removalIds) {
    await unpaidRemovalJob.enqueue(sql, { removalId, userId: input.userId }, {
      idempotencyKey: `unpaid:${removalId}`, scope: `bot:${input.botId}`, tenant: input.userId, maxAttempts: MAX_ATTEMPTS,
    });
  }
}

export function unpaidRemovalHandler(deps: { sql: Sql; runtime: Pick<BotRuntime, 'removeChatMember'> }): JobHandler<typeof unpaidRemovalJob.payload> {
  return {
    leaseMs: 5 * 60_000,
    async run(payload, context) {
      const target = await pendingRemoval(deps.sql, payload.userId, payload.removalId);
      if (!target) return;
      if (target.holds) {
        await context.completeWith((tx) => finishRemoval(tx, target.id, 'kept'));
        return;
      }
      const result = await deps.runtime.removeChatMember(target.botId, Number(target.chatId), Number(target.telegramId));
      if (!result.ok) {
        if (result.notRunning) return 'release';
        if (result.retryAfter !== undefined) throw new RetryLaterError(result.description, result.retryAfter * 1000);
        throw new Error(`${result.errorCode}: ${result.description}`);
      }
      const status = result.outcome === 'protected' ? 'protected' : result.outcome === 'absent' ? 'absent' : 'removed';
      await context.completeWith((tx) => finishRemoval(tx, target.id, status));
    },
  };
}
