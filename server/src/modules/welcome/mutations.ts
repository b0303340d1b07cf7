/** The welcome mutation of a sync push: the service call of POST /flows/channels/{channelId}/welcome. */
import { withFieldValues } from '@shared/sync/fields.ts';
import type { welcomeMutationArgs } from '@shared/welcome/mutations.ts';
import type { ServerMutationsOf } from '../sync/mutation.ts';
import * as welcome from './service.ts';

export const welcomeMutations: ServerMutationsOf<keyof typeof welcomeMutationArgs> = {
  'welcome.save': {
    run: (deps, userId, a) => welcome.saveWelcome(deps, userId, a.channelId, a.welcome),
    // The channel's whole welcome message: typing one offline replays as one write (supersede.ts).
    overwrites: ({ channelId }) => ({ key: `welcome:${channelId}`, fields: [] }),
    // Leaves every other overwrite alone: another channel's welcome, and any flow (a save of this channel is the stand-in).
    unrelated: true,
    fields: {
      target: (a) => ({ table: 'welcomeMessages', rowId: a.channelId }),
      keep: (a, values) => ({ ...a, welcome: withFieldValues(a.welcome, values) }),
    },
  },
};
