import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_WELCOME, welcomeResponseSchema, type WelcomeMessage } from '../../../../../shared/welcome/schemas.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { welcomePath } from './channel-texts.ts';

/**
 * Part 1 §8: a welcome message that cannot be loaded is silent (logged only) and the form starts from the defaults
 * of part 1 §3 — also what a channel without a saved message gets.
 */
export async function getWelcome(channelId: string): Promise<WelcomeMessage> {
  try {
    const body = await api.get(welcomePath(channelId), { schema: welcomeResponseSchema });
    return body.data.welcomeMessage;
  } catch (error) {
    console.error('Falha ao carregar a mensagem de boas-vindas', error);
    return DEFAULT_WELCOME;
  }
}

export const welcomeQueryOptions = (channelId: string) =>
  queryOptions({
    queryKey: queryKeys.channels.welcome(channelId),
    queryFn: () => getWelcome(channelId),
    // The form is seeded once from this; a background refetch would not reach it anyway.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useWelcome(channelId: string) {
  return useQuery(welcomeQueryOptions(channelId));
}
