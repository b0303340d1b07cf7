/**
 * Runs a human check's deadline (challenge-timeout-job.ts): an unanswered puzzle's request is declined and the
 * puzzle replaced by "O tempo acabou"; a puzzle settled by a press whose Telegram call never happened (a crash
 * between the press and the call) is approved or declined now. A puzzle Telegram was told about needs nothing.
 * Telegram's 400 (already answered, or withdrawn by the person) counts as done; the decision and the settlement
 * commit with the job, so the request is answered once.
 */
import { CHALLENGE_TEXTS } from '@shared/access/challenge-texts.ts';
import type { Sql } from '../../db/client.ts';
import { RetryLaterError, type JobHandler } from '../../jobs/run-job.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import * as repo from './challenge-repository.ts';
import type { challengeTimeoutJob } from './challenge-timeout-job.ts';
import { recordDecision } from './gate-repository.ts';
import { settledDecision } from './join-challenge.ts';

export function challengeTimeoutHandler(deps: { sql: Sql; runtime: Pick<BotRuntime, 'answerJoinRequest'> }): JobHandler<typeof challengeTimeoutJob.payload> {
  return {
    async run({ challengeId }, context) {
      const row = await repo.lockChallenge(deps.sql, challengeId);
      if (!row || row.settledAt !== null) return;
      const waitMs = row.expiresAt.getTime() - Date.now();
      if (row.status === 'pending' && waitMs > 0) throw new RetryLaterError('o desafio ainda está no prazo', waitMs);
      const expired = row.status === 'pending';
      const notice = expired && row.messageId !== null
        ? { chatId: Number(row.telegramId), messageId: Number(row.messageId), text: CHALLENGE_TEXTS.expired(await repo.chatTitle(deps.sql, row.botId, row.chatId)) }
        : undefined;
      const result = await deps.runtime.answerJoinRequest(row.botId, { chatId: Number(row.chatId), telegramUserId: Number(row.telegramId), approve: row.status === 'passed', notice });
      if (!result.ok && result.errorCode !== 400) {
        if (result.retryAfter !== undefined) throw new RetryLaterError(result.description, result.retryAfter * 1000);
        throw new Error(`${result.errorCode}: ${result.description}`);
      }
      await context.completeWith(async (tx) => {
        const locked = await repo.lockChallenge(tx, challengeId);
        if (locked?.status === 'pending') await recordDecision(tx, settledDecision(locked, false, 'Não respondeu ao desafio anti-robô a tempo'));
        await repo.markSettled(tx, challengeId);
      });
    },
  };
}
