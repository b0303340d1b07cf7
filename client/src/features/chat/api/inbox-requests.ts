/**
 * Online-only reads of the inbox: the stat cards (GET /messages/stats) and older pages of a conversation
 * (GET /messages/contact/{id}?before=). Everything else reads the cache and writes through the outbox.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { messagesResponseSchema, statsResponseSchema } from '@shared/messages/schemas.ts';
import { api } from '../../../lib/api.ts';
import { CHAT_TEXTS } from './chat-texts.ts';

export const inboxKeys = { stats: ['messages', 'stats'] as const };

export const statsQuery = queryOptions({
  queryKey: inboxKeys.stats,
  queryFn: async () => (await api.get('/messages/stats', { schema: statsResponseSchema, fallbackMessage: CHAT_TEXTS.loadStatsError })).data.stats,
  staleTime: 5_000,
});

export function useMessageStats() {
  return useQuery(statsQuery);
}

export async function fetchOlderMessages(contactId: string, before: string) {
  const answer = await api.get(`/messages/contact/${contactId}?before=${before}`, {
    schema: messagesResponseSchema,
    fallbackMessage: CHAT_TEXTS.loadMessagesError,
  });
  return answer.data;
}
