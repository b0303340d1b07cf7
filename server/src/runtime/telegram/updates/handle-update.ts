/**
 * One update through a bot, as every way updates arrive handles it (the poller, the webhook queue, batches taken over
 * from a dead owner): a failing handler goes to the bot's error handler (a fault in one update never stops the bot),
 * anything else is logged; the caller's receipt is written either way (a failing update is not redone).
 */
import { BotError, type Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { Logger } from '../../../lib/logger.ts';

export async function handleUpdate(bot: Bot, update: Update, logger: Logger): Promise<void> {
  try {
    await bot.handleUpdate(update);
  } catch (error) {
    if (error instanceof BotError) await Promise.resolve(bot.errorHandler(error)).catch(() => undefined);
    else logger.error('falha ao processar update', { updateId: update.update_id, error });
  }
}
