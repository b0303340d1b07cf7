/**
 * The bots and the chosen bot's channels for the create-flow modal. Part 1 §8: failures here are silent (the
 * channel list just stays empty), hence no `meta.errorMessage`. Same query keys as the bot screens, so both share
 * one cache.
 */
import { useQuery } from '@tanstack/react-query';
import { botsResponseSchema, channelsResponseSchema } from '../../../../../shared/bots/schemas.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useModalBots(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.bots.list(),
    queryFn: async () => (await api.get('/bots', { schema: botsResponseSchema })).data.bots,
    enabled,
  });
}

export function useModalChannels(botId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.bots.channels(botId),
    queryFn: async () => (await api.get(`/bots/${encodeURIComponent(botId)}/channels`, { schema: channelsResponseSchema })).data.channels,
    enabled: enabled && botId !== '',
  });
}
