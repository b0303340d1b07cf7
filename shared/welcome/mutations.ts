/** Args of the welcome mutation of the offline outbox (docs/offline-sync.md#rule-3). */
import { z } from 'zod';
import { mutationId as id } from '../sync/mutation-args.ts';
import { welcomeMessageInputSchema } from './schemas.ts';

export const welcomeMutationArgs = {
  /** POST /flows/channels/{channelId}/welcome (channelId is the channel record id). */
  'welcome.save': z.object({ channelId: id, welcome: welcomeMessageInputSchema }),
} as const;
