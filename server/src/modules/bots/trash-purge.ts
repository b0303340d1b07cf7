/**
 * The bot.purge job (docs/decisions.md#bot-trash): enqueued when a bot goes to the trash, due 30 days later, it
 * erases the bot for good with everything under it. A job row, so it survives restarts and runs late after a
 * downtime; a bot restored (or trashed again later) meanwhile is left alone.
 */
import { z } from 'zod';
import { jobKind } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/run-job.ts';
import { eraseExpired } from './trash-repository.ts';

export const botPurgeJob = jobKind('bot.purge', z.object({ botId: z.string() }));

export function botPurgeHandler(): JobHandler<typeof botPurgeJob.payload> {
  return {
    async run(payload, context) {
      await context.completeWith((tx) => eraseExpired(tx, payload.botId));
    },
    // A bot with a million messages takes a while to erase.
    leaseMs: 10 * 60_000,
  };
}
