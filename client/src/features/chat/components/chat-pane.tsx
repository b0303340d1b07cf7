import { ArrowLeft } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useToastsBelow } from '../../../lib/use-toasts-below.ts';
import { CHAT_TEXTS } from '../api/chat-texts.ts';
import { useCachedMessages, type ConversationView } from '../api/conversation-rows.ts';
import { useMarkConversationRead, useSendReply } from '../api/inbox-writes.ts';
import { useCachedNotes, useCachedQuickReplies, useWriteNote } from '../api/team-notes.ts';
import { useMessageHistory } from '../hooks/use-message-history.ts';
import { useReplyOutcomes } from '../hooks/use-reply-outcomes.ts';
import { contactName } from '../utils/display.ts';
import { timeline } from '../utils/timeline.ts';
import { Composer } from './composer.tsx';
import { ConversationAssignment } from './conversation-assignment.tsx';
import { MessageBubble } from './message-bubble.tsx';
import { NoteRow } from './note-row.tsx';
import { UserText } from '../../../components/ui/user-text.tsx';
import { ContactLabelsEditor } from '../../../components/labels/contact-labels-editor.tsx';

/** One conversation: its messages (cache first, older pages online), the reply box, and "opened = read". */
export function ChatPane({ conversation, onBack }: { conversation: ConversationView; onBack(): void }) {
  const { contactId, botId } = conversation;
  const cached = useCachedMessages(contactId);
  const { messages, mayHaveOlder, loadingOlder, loadOlder } = useMessageHistory(contactId, cached);
  const notes = useCachedNotes(contactId);
  const quickReplies = useCachedQuickReplies();
  const items = timeline(messages, notes ?? [], !mayHaveOlder);
  const followReply = useReplyOutcomes(cached);
  const sendReply = useSendReply();
  const writeNote = useWriteNote();
  const markRead = useMarkConversationRead();
  const bottom = useRef<HTMLDivElement>(null);

  // Opening a conversation marks it read; so does a message arriving while it is open.
  useEffect(() => {
    if (conversation.unreadCount > 0) void markRead(contactId);
  }, [contactId, conversation.unreadCount, markRead]);

  const count = items.length;
  useLayoutEffect(() => {
    if (count > 0) bottom.current?.scrollIntoView({ block: 'end' });
  }, [count, contactId]);

  async function send(text: string) {
    const id = await sendReply({ botId, contactId, text });
    if (id) followReply(id);
    return id !== null;
  }

  const name = contactName(conversation.contact);
  return (
    <section aria-label={`Conversa com ${name}`} className="flex min-h-0 flex-1 flex-col">
      <ChatPaneHeader conversation={conversation} name={name} onBack={onBack} />
      <div className="border-b border-slate-200 px-3 py-2 sm:px-4">
        <ContactLabelsEditor contactId={contactId} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-3 sm:px-4">
        {mayHaveOlder && (
          <div className="mb-3 flex justify-center">
            <Button variant="outline" size="sm" loading={loadingOlder} onClick={() => void loadOlder()}>
              {CHAT_TEXTS.older}
            </Button>
          </div>
        )}
        {cached !== undefined && items.length === 0 && <p className="py-6 text-center text-sm text-slate-500">{CHAT_TEXTS.newConversation}</p>}
        <ol aria-label="Mensagens" className="flex flex-col gap-2">
          {items.map((item) =>
            item.kind === 'note' ? <NoteRow key={item.note.id} note={item.note} /> : <MessageBubble key={item.message.id} message={item.message} />,
          )}
        </ol>
        <div ref={bottom} />
      </div>
      <Composer onSend={send} onNote={(text) => writeNote(contactId, text)} quickReplies={quickReplies} contact={conversation.contact} />
    </section>
  );
}

/**
 * Who the conversation is with (name, @username, bot), who answers it and its status; on a phone, Voltar to the list. Toasts start below it: a reply's
 * "Mensagem enviada!" would otherwise sit on Voltar, and a pointer resting on a toast keeps it open.
 */
function ChatPaneHeader({ conversation, name, onBack }: { conversation: ConversationView; name: string; onBack(): void }) {
  const ref = useRef<HTMLElement>(null);
  useToastsBelow(ref, { variable: '--toast-offset-top', sticky: false });
  return (
    <header ref={ref} className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-2 py-2 sm:px-4">
      <Button variant="ghost" size="sm" className="md:hidden" onClick={onBack} icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
        {CHAT_TEXTS.back}
      </Button>
      <div className="min-w-0">
        <h2 className="truncate font-semibold text-slate-900"><UserText>{name}</UserText></h2>
        <p className="truncate text-xs text-slate-500">
          {conversation.contact.username && <><UserText>{`@${conversation.contact.username}`}</UserText> · </>}
          <UserText>{conversation.bot?.name}</UserText>
        </p>
      </div>
      <ConversationAssignment conversation={conversation} />
    </header>
  );
}
