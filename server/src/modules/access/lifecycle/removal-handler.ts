/**
 * Runs one access removal (removal-job.ts): re-reads the access (a renewal meanwhile: nothing to do), then removes
 * its person from every chat of the plan through the bot runtime, which paces the bot's calls and never touches an
 * administrator or the creator. A 429 comes back as "retry after"; a bot not running here gives the job back.
 * Telegram's side is idempotent (a person already out costs nothing), so a job repeated after a crash removes once;
 * the history line and the job's completion commit together.
 */
import { holdsAccess } from '@shared/access/texts.ts';
import type { Sql } from '../../../db/client.ts';
import { RetryLaterError, type JobHandler } from '../../../jobs/run-job.ts';
import type { BotRuntime } from '../../../ports/bot-runtime.ts';
import { recordRemoval, removalTarget } from './lifecycle-repository.ts';
import type { accessRemovalJob } from './removal-job.ts';

export function accessRemovalHandler(deps: { sql: Sql; runtime: Pick<BotRuntime, 'removeChatMember'> }): JobHandler<typeof accessRemovalJob.payload> {
  return {
    // Paced calls: a plan's chats at the bot's pace, a flood wait included.
    leaseMs: 5 * 60_000,
    async run(payload, context) {
      const target = await removalTarget(deps.sql, payload.userId, payload.memberId);
      if (!target || target.telegramId === null || holdsAccess(target.status, target.accessUntil, new Date())) return;
      const counts = { removed: 0, protected: 0 };
      for (const chat of target.chats) {
        const result = await deps.runtime.removeChatMember(target.botId, Number(chat.chatId), Number(target.telegramId));
        if (!result.ok) {
          if (result.notRunning) return 'release';
          if (result.retryAfter !== undefined) throw new RetryLaterError(result.description, result.retryAfter * 1000);
          throw new Error(`${result.errorCode}: ${result.description}`);
        }
        if (result.outcome === 'protected') counts.protected++;
        else if (result.outcome !== 'absent') counts.removed++;
      }
      const detail = removalDetail(counts.removed, counts.protected, target.chats.length);
      await context.completeWith((tx) => recordRemoval(tx, target, detail));
    },
  };
}

function removalDetail(removed: number, protectedCount: number, chats: number) {
  const main = removed === 0 ? 'Já estava fora dos canais e grupos do plano' : `Removido de ${removed} de ${chats} ${chats === 1 ? 'chat' : 'chats'} do plano`;
  return protectedCount === 0 ? main : `${main}; administrador em ${protectedCount}, não foi removido`;
}
