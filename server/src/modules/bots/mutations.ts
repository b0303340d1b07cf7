/** The bot mutations of a sync push: the service calls of PATCH and DELETE /bots/{id}. */
import { withFieldValues } from '@shared/sync/fields.ts';
import type { botMutationArgs } from '@shared/bots/mutations.ts';
import type { ServerMutationsOf } from '../sync/mutation.ts';
import * as bots from './service.ts';
import { trashBot } from './trash-service.ts';

export const botMutations: ServerMutationsOf<keyof typeof botMutationArgs> = {
  'bot.setActive': {
    run: (deps, userId, a) => bots.setBotActive(deps, userId, a.botId, a.isActive),
    fields: { target: (a) => ({ table: 'bots', rowId: a.botId }), keep: withFieldValues },
  },
  'bot.setBroadcastRate': {
    run: (deps, userId, a) => bots.setBroadcastRate(deps, userId, a.botId, a.broadcastRate),
    fields: { target: (a) => ({ table: 'bots', rowId: a.botId }), keep: withFieldValues },
  },
  // To the trash, like DELETE /bots/{id} (docs/decisions.md#bot-trash).
  'bot.delete': { run: async (deps, userId, a) => void (await trashBot(deps, userId, a.botId)) },
};
