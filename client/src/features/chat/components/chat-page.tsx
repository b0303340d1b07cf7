import { MessagesSquare } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { useCached, useFirstLoadFailed } from '../../../offline/hooks.ts';
import { cn } from '../../../lib/cn.ts';
import { useSession } from '../../../lib/session-store.ts';
import { ASSIGNMENT_UI_TEXTS } from '../api/assignment-texts.ts';
import { useConversationPresence } from '../../../lib/push-presence.ts';
import { CHAT_TEXTS } from '../api/chat-texts.ts';
import { useConversations, useEmptyConversation, useMessageMatches } from '../api/conversation-rows.ts';
import { useLiveInbox } from '../hooks/use-live-inbox.ts';
import { ALL_CONVERSATIONS, filterConversations, searchTerm, type ConversationFilter } from '../utils/conversation-filter.ts';
import { ChatPane } from './chat-pane.tsx';
import { ConversationList } from './conversation-list.tsx';
import { ConversationToolbar } from './conversation-toolbar.tsx';
import { StatCards } from './stat-cards.tsx';

/**
 * /chat (docs/product.md#screen-chat): four stat cards, the conversation list with its search and filters, and the
 * open conversation, from the local cache, kept live by the event stream. On a phone the list and the chat are two
 * panes: opening a conversation replaces the list, Voltar (or the browser's back) returns to it. A contact opened
 * from the contacts screen without any message yet shows an empty conversation to write in.
 */
export function ChatPage({ selected, onSelect }: { selected: string | undefined; onSelect(contactId: string | undefined): void }) {
  useLiveInbox();
  const conversations = useConversations();
  const loadFailed = useFirstLoadFailed();
  const [filter, setFilter] = useState<ConversationFilter>(ALL_CONVERSATIONS);
  const me = useSession().user?.id;
  const term = searchTerm(useDeferredValue(filter.search));
  const matches = useMessageMatches(term);
  const bots = useCached((db) => db.bots.toArray(), []);
  const existing = conversations?.find((conversation) => conversation.contactId === selected);
  const fresh = useEmptyConversation(existing || conversations === undefined ? undefined : selected);
  const open = existing ?? fresh;
  // While this conversation is on screen, its messages are not also pushed to the user's devices.
  useConversationPresence(open?.contactId);

  if (conversations === undefined && loadFailed) return <LoadError message={CHAT_TEXTS.loadConversationsError} />;
  const shown = conversations && filterConversations(conversations, { ...filter, search: term }, matches, me);
  const empty = emptyText(filter, term);
  return (
    <div className="flex h-[calc(100dvh-7.5rem)] flex-col gap-3 sm:h-[calc(100dvh-9rem)] sm:gap-4">
      <div className={cn(open && 'hidden md:block')}>
        <StatCards conversations={conversations} />
      </div>
      <div className="flex min-h-0 flex-1 overflow-hidden rounded-2xl border border-slate-200/80 bg-white shadow-sm">
        <div className={cn('min-h-0 w-full flex-col md:flex md:w-80 md:shrink-0 md:border-r md:border-slate-200', open ? 'hidden' : 'flex')}>
          <ConversationToolbar filter={filter} onChange={(changes) => setFilter((current) => ({ ...current, ...changes }))} bots={bots} />
          {shown === undefined ? (
            <div aria-busy="true" className="flex-1 animate-pulse bg-slate-50" />
          ) : (
            <ConversationList conversations={shown} selected={selected} onSelect={onSelect} matches={matches} empty={empty} />
          )}
        </div>
        <div className={cn('min-h-0 flex-1 flex-col', open ? 'flex' : 'hidden md:flex')}>
          {open ? (
            <ChatPane key={open.contactId} conversation={open} onBack={() => onSelect(undefined)} />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
              <MessagesSquare aria-hidden="true" className="size-10 text-slate-300" />
              <p className="font-medium text-slate-700">{CHAT_TEXTS.pick}</p>
              <p className="text-sm text-slate-500">{CHAT_TEXTS.pickHint}</p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

/** What an empty list says: nothing yet, or what the filters found nothing of. */
function emptyText(filter: ConversationFilter, term: string) {
  const narrowed = filter.unreadOnly || filter.botId !== undefined || filter.status !== undefined || filter.label !== undefined;
  if (term === '' && !narrowed && filter.assignee === 'all') return { title: CHAT_TEXTS.empty, hint: CHAT_TEXTS.emptyHint };
  if (term !== '' || filter.botId !== undefined || filter.status !== undefined || filter.label !== undefined) return { title: CHAT_TEXTS.noMatch, hint: CHAT_TEXTS.noMatchHint };
  if (filter.assignee === 'mine') return { title: ASSIGNMENT_UI_TEXTS.noMine, hint: ASSIGNMENT_UI_TEXTS.assignHint };
  if (filter.assignee === 'none') return { title: ASSIGNMENT_UI_TEXTS.noUnassigned, hint: ASSIGNMENT_UI_TEXTS.assignHint };
  return { title: CHAT_TEXTS.noUnread, hint: CHAT_TEXTS.noMatchHint };
}
