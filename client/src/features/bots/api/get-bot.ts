import { queryOptions, useQuery } from '@tanstack/react-query';
import { botResponseSchema, type Bot } from '../../../../../shared/bots/schemas.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { BOT_TOASTS, botPath } from './bot-texts.ts';

export async function getBot(botId: string): Promise<Bot> {
  const body = await api.get(botPath(botId), { schema: botResponseSchema, fallbackMessage: BOT_TOASTS.loadDetailsError });
  return body.data.bot;
}

export const botQueryOptions = (botId: string) =>
  queryOptions({
    queryKey: queryKeys.bots.detail(botId),
    queryFn: () => getBot(botId),
    // Part 1 §8 always names this failure with its fixed text (a 404 included), then the page goes back to /bots.
    meta: { errorMessage: BOT_TOASTS.loadDetailsError },
  });

export function useBot(botId: string) {
  return useQuery(botQueryOptions(botId));
}
