/** Args of the bot mutations of the offline outbox (docs/offline-sync.md#rule-3). */
import { z } from 'zod';
import { mutationId as id } from '../sync/mutation-args.ts';
import { broadcastRateSchema } from './schemas.ts';

export const botMutationArgs = {
  /** PATCH /bots/{id} {isActive}. */
  'bot.setActive': z.object({ botId: id, isActive: z.boolean() }),
  /** PATCH /bots/{id} {broadcastRate}: messages a second for the bot's broadcasts. */
  'bot.setBroadcastRate': z.object({ botId: id, broadcastRate: broadcastRateSchema }),
  /** DELETE /bots/{id}. */
  'bot.delete': z.object({ botId: id }),
} as const;
