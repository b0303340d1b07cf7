/**
 * The takeover of polled batches a killed owner left (docs/decisions.md#scale-out "No update lost"): a new owner
 * takes the batches an earlier owner of the bot polled and never receipted whole, and handles their updates before
 * anything newer (getUpdates or the webhook queue), receipted as the new ownership's.
 */
import type { Bot } from 'grammy';
import type { Sql } from '../../../db/client.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { ContactJournal } from '../journal/contact-journal.ts';
import { handleUpdate } from './handle-update.ts';
import { takePolledBatches } from './polled-batches-repository.ts';

export type TakeoverInput = { sql: Sql; journal: ContactJournal; instanceId: string; reader: string; botId: string; bot: Bot; logger: Logger };

/** False: the lease is not ours (nothing taken). */
export async function takeOverPolled(input: TakeoverInput): Promise<boolean> {
  const { journal, reader, botId, logger } = input;
  const taken = await takePolledBatches(input.sql, { instanceId: input.instanceId, reader, botId });
  if (taken.lost) return false;
  if (taken.updates.length === 0) return true;
  logger.info('retomando updates da instância anterior sem recibo', { count: taken.updates.length, fromUpdateId: taken.updates[0]?.update_id });
  await Promise.all(taken.updates.map((update) =>
    journal.handling({ kind: 'polled', reader, botId, updateId: update.update_id }, () => handleUpdate(input.bot, update, logger))));
  return true;
}
