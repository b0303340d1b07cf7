import { queryOptions, useQuery } from '@tanstack/react-query';
import { botsResponseSchema, type Bot } from '../../../../../shared/bots/schemas.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { BOT_TOASTS } from './bot-texts.ts';

export async function getBots(): Promise<Bot[]> {
  const body = await api.get('/bots', { schema: botsResponseSchema, fallbackMessage: BOT_TOASTS.loadBotsError });
  return body.data.bots;
}

export const botsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.bots.list(),
    queryFn: getBots,
    meta: { errorMessage: BOT_TOASTS.loadBotsError },
  });

export function useBots() {
  return useQuery(botsQueryOptions());
}
