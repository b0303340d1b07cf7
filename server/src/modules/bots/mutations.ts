/** The bot mutations of a sync push: the service calls of PATCH and DELETE /bots/{id}. */
import type { botMutationArgs } from '@shared/bots/mutations.ts';
import type { ServerMutationsOf } from '../sync/mutation.ts';
import * as bots from './service.ts';

export const botMutations: ServerMutationsOf<keyof typeof botMutationArgs> = {
  'bot.setActive': { run: (deps, userId, a) => bots.setBotActive(deps, userId, a.botId, a.isActive) },
  'bot.setBroadcastRate': { run: (deps, userId, a) => bots.setBroadcastRate(deps, userId, a.botId, a.broadcastRate) },
  'bot.delete': { run: (deps, userId, a) => bots.deleteBot(deps, userId, a.botId) },
};
