import { ArrowLeft } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { MESSAGES_LIMIT, type Message } from '@shared/messages/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { CHAT_TEXTS } from '../api/chat-texts.ts';
import { useCachedMessages, type ConversationView } from '../api/conversation-rows.ts';
import { fetchOlderMessages } from '../api/inbox-requests.ts';
import { useMarkConversationRead, useSendReply } from '../api/inbox-writes.ts';
import { contactName } from '../utils/display.ts';
import { Composer } from './composer.tsx';
import { MessageBubble } from './message-bubble.tsx';

/** One conversation: its messages (cache first, older pages online), the reply box, and "opened = read". */
export function ChatPane({ conversation, onBack }: { conversation: ConversationView; onBack(): void }) {
  const { contactId, botId } = conversation;
  const cached = useCachedMessages(contactId);
  const [older, setOlder] = useState<{ messages: Message[]; hasMore: boolean }>({ messages: [], hasMore: true });
  const [loadingOlder, setLoadingOlder] = useState(false);
  const sendReply = useSendReply();
  const markRead = useMarkConversationRead();
  const bottom = useRef<HTMLDivElement>(null);
  const mine = useRef(new Map<string, Message['status']>());

  // Opening a conversation marks it read; so does a message arriving while it is open.
  useEffect(() => {
    if (conversation.unreadCount > 0) void markRead(contactId);
  }, [contactId, conversation.unreadCount, markRead]);

  const messages = [...older.messages, ...(cached ?? [])];
  const count = messages.length;
  useLayoutEffect(() => {
    if (count > 0) bottom.current?.scrollIntoView({ block: 'end' });
  }, [count, contactId]);

  // The outcome of replies sent from this screen: 'Mensagem enviada!' or the reason it was not delivered.
  useEffect(() => {
    for (const message of cached ?? []) {
      const before = mine.current.get(message.id);
      if (before !== 'SENDING' || message.status === 'SENDING') continue;
      mine.current.set(message.id, message.status);
      if (message.status === 'SENT') toast.success(CHAT_TEXTS.sent);
      else toast.error(message.error ?? CHAT_TEXTS.sendError);
    }
  }, [cached]);

  async function send(text: string) {
    const id = await sendReply({ botId, contactId, text });
    if (id) mine.current.set(id, 'SENDING');
    return id !== null;
  }

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

  const name = contactName(conversation.contact);
  const mayHaveOlder = older.hasMore && (cached?.length ?? 0) >= MESSAGES_LIMIT;
  return (
    <section aria-label={`Conversa com ${name}`} className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-2 border-b border-slate-200 px-2 py-2 sm:px-4">
        <Button variant="ghost" size="sm" className="md:hidden" onClick={onBack} icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
          {CHAT_TEXTS.back}
        </Button>
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-slate-900">{name}</h2>
          <p className="truncate text-xs text-slate-500">
            {conversation.contact.username ? `@${conversation.contact.username} · ` : ''}
            {conversation.bot?.name ?? ''}
          </p>
        </div>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-3 sm:px-4">
        {mayHaveOlder && (
          <div className="mb-3 flex justify-center">
            <Button variant="outline" size="sm" loading={loadingOlder} onClick={() => void loadOlder()}>
              {CHAT_TEXTS.older}
            </Button>
          </div>
        )}
        <ol aria-label="Mensagens" className="flex flex-col gap-2">
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} />
          ))}
        </ol>
        <div ref={bottom} />
      </div>
      <Composer onSend={send} />
    </section>
  );
}
