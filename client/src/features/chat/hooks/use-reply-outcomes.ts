/**
 * The outcome of replies sent from this screen: 'Mensagem enviada!' or the reason it was not delivered, said once
 * when a reply this screen sent leaves SENDING in the cache.
 */
import { useEffect, useRef } from 'react';
import type { Message } from '@shared/messages/schemas.ts';
import { toast } from '../../../lib/toast.ts';
import { CHAT_TEXTS } from '../api/chat-texts.ts';

export function useReplyOutcomes(cached: Message[] | undefined) {
  const mine = useRef(new Map<string, Message['status']>());

  useEffect(() => {
    for (const message of cached ?? []) {
      const before = mine.current.get(message.id);
      if (before !== 'SENDING' || message.status === 'SENDING') continue;
      mine.current.set(message.id, message.status);
      if (message.status === 'SENT') toast.success(CHAT_TEXTS.sent);
      else toast.error(message.error ?? CHAT_TEXTS.sendError);
    }
  }, [cached]);

  /** Follows a reply just queued from this screen. */
  return (messageId: string) => {
    mine.current.set(messageId, 'SENDING');
  };
}
