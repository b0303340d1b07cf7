import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { botSchema, channelSchema } from '../../../../../shared/bots/schemas.ts';
import { successEnvelope } from '../../../../../shared/api/envelope.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /channels/{id}: the channel record, and its bot when the server includes it. */
const channelResponseSchema = successEnvelope(z.object({ channel: channelSchema, bot: botSchema.optional() }));

export type ChannelWithBot = z.infer<typeof channelResponseSchema>['data'];

export async function getChannel(channelId: string): Promise<ChannelWithBot> {
  const body = await api.get(`/channels/${encodeURIComponent(channelId)}`, {
    schema: channelResponseSchema,
    fallbackMessage: 'Não foi possível carregar o canal',
  });
  return body.data;
}

export const channelQueryOptions = (channelId: string) =>
  queryOptions({ queryKey: queryKeys.channels.detail(channelId), queryFn: () => getChannel(channelId) });

export function useChannel(channelId: string) {
  return useQuery(channelQueryOptions(channelId));
}
