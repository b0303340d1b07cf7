/**
 * Replies and reading go through the outbox (docs/offline-sync.md#rule-1): a reply shows at once as pending, survives
 * reloads offline and is sent once when the network returns; its id, made here, is the server's idempotency key.
 */
import { useCallback } from 'react';
import { useMutate } from '../../../offline/hooks.ts';

export function useSendReply() {
  const mutate = useMutate();
  return async (input: { botId: string; contactId: string; text: string }) => {
    const id = crypto.randomUUID();
    const queued = await mutate('message.send', { message: { id, ...input } });
    return queued ? id : null;
  };
}

export function useMarkConversationRead() {
  const mutate = useMutate();
  return useCallback((contactId: string) => mutate('conversation.markRead', { contactId }), [mutate]);
}
