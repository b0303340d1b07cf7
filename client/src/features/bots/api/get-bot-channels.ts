import { queryOptions, useQuery } from '@tanstack/react-query';
import { channelsResponseSchema, type Channel } from '../../../../../shared/bots/schemas.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { botPath } from './bot-texts.ts';

export async function getBotChannels(botId: string): Promise<Channel[]> {
  const body = await api.get(`${botPath(botId)}/channels`, { schema: channelsResponseSchema });
  return body.data.channels;
}

/** No toast of its own: part 1 §8 has none, and the details page already reports a bot that cannot be read. */
export const botChannelsQueryOptions = (botId: string) =>
  queryOptions({
    queryKey: queryKeys.bots.channels(botId),
    queryFn: () => getBotChannels(botId),
  });

export function useBotChannels(botId: string) {
  return useQuery(botChannelsQueryOptions(botId));
}
