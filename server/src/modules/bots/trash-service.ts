/**
 * Deleting a bot moves it to the trash (docs/decisions.md#bot-trash): stopped on every instance, hidden with
 * everything under it, restorable for 30 days, then erased by the bot.purge job.
 */
import type { DeletionImpact, TrashedBot } from '@shared/bots/trash.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { BotsDeps } from './service.ts';
import { botPurgeJob } from './trash-purge.ts';
import * as repo from './trash-repository.ts';

const toTrashed = (row: repo.TrashedBotRow): TrashedBot => ({
  id: row.id,
  name: row.name,
  username: row.username,
  deletedAt: row.deletedAt.toISOString(),
  purgeAt: row.purgeAt.toISOString(),
});

/**
 * DELETE /bots/{id} and the bot.delete mutation. The row is switched off and its purge job enqueued in one
 * transaction, then the runtime stops it: stopping first handed the polling lease back while the bot was still
 * active, and the next lease round could start it again (docs/decisions.md#scale-out).
 */
export async function trashBot(deps: BotsDeps, userId: string, botId: string): Promise<TrashedBot> {
  const row = isUuid(botId)
    ? await inTransaction(deps.sql, async (tx) => {
        const trashed = await repo.trashBot(tx, userId, botId);
        if (trashed) await botPurgeJob.enqueue(tx, { botId }, { runAt: trashed.purgeAt, idempotencyKey: `${botId}:${trashed.deletedAt.toISOString()}`, tenant: userId, maxAttempts: 10 });
        return trashed;
      })
    : undefined;
  if (!row) throw notFound();
  await deps.runtime.stop(botId, { forget: true });
  return toTrashed(row);
}

export async function listTrash(deps: BotsDeps, userId: string): Promise<TrashedBot[]> {
  return (await repo.listTrashed(deps.sql, userId)).map(toTrashed);
}

/** "Restaurar": back with everything under it, started again when it was active. */
export async function restoreBot(deps: BotsDeps, userId: string, botId: string): Promise<void> {
  const row = isUuid(botId) ? await repo.restoreBot(deps.sql, userId, botId) : undefined;
  if (!row) throw notFound();
  if (row.isActive) await deps.runtime.start(botId);
}

/** "Excluir definitivamente": the old cascade, now; only a bot in the trash. */
export async function eraseBot(deps: BotsDeps, userId: string, botId: string): Promise<void> {
  if (!isUuid(botId) || !(await repo.eraseTrashed(deps.sql, userId, botId))) throw notFound();
  await deps.runtime.stop(botId, { forget: true });
}

export async function deletionImpact(deps: BotsDeps, userId: string, botId: string): Promise<DeletionImpact> {
  const row = isUuid(botId) ? await repo.deletionImpact(deps.sql, userId, botId) : undefined;
  if (!row) throw notFound();
  return row;
}
