/**
 * Replies and reading go through the outbox (docs/offline-sync.md#rule-1): a reply shows at once as pending, survives
 * reloads offline and is sent once when the network returns; its id, made here, is the server's idempotency key.
 */
import { useCallback } from 'react';
import type { ConversationStatus } from '@shared/messages/assignment.ts';
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

/** Assigning (null: nobody) and the status go through the outbox too: offline they show at once and are sent once. */
export function useConversationAssignment() {
  const mutate = useMutate();
  return {
    assign: useCallback((contactId: string, assigneeId: string | null) => mutate('conversation.assign', { contactId, assigneeId }), [mutate]),
    setStatus: useCallback((contactId: string, status: ConversationStatus) => mutate('conversation.setStatus', { contactId, status }), [mutate]),
  };
}
