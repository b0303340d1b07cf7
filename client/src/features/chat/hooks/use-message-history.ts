/**
 * One conversation's messages: the cached newest ones, preceded by the older pages fetched from the server on
 * demand (never cached: the device keeps the newest MESSAGES_LIMIT only).
 */
import { useState } from 'react';
import { MESSAGES_LIMIT, type Message } from '@shared/messages/schemas.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { CHAT_TEXTS } from '../api/chat-texts.ts';
import { fetchOlderMessages } from '../api/inbox-requests.ts';

export function useMessageHistory(contactId: string, cached: Message[] | undefined) {
  const [older, setOlder] = useState<{ messages: Message[]; hasMore: boolean }>({ messages: [], hasMore: true });
  const [loadingOlder, setLoadingOlder] = useState(false);
  const messages = [...older.messages, ...(cached ?? [])];

  async function loadOlder() {
    const first = messages[0];
    if (!first) return;
    setLoadingOlder(true);
    try {
      const page = await fetchOlderMessages(contactId, first.id);
      setOlder((current) => ({ messages: [...page.messages, ...current.messages], hasMore: page.hasMore }));
    } catch (error) {
      toast.error(errorMessage(error, CHAT_TEXTS.loadMessagesError));
    } finally {
      setLoadingOlder(false);
    }
  }

  return { messages, mayHaveOlder: older.hasMore && (cached?.length ?? 0) >= MESSAGES_LIMIT, loadingOlder, loadOlder };
}
