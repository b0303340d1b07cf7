import { MessageCircle } from 'lucide-react';
import type { Message } from '@shared/messages/schemas.ts';
import { cn } from '../../../lib/cn.ts';
import { formatCount } from '../../../lib/format.ts';
import type { ConversationView } from '../api/conversation-rows.ts';
import { contactName, messagePreview, previewPrefix } from '../utils/display.ts';
import { formatChatTime } from '../utils/time.ts';
import { UserText } from '../../../components/ui/user-text.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { useAssignees } from '../api/assignees.ts';
import { ConversationMeta } from './conversation-meta.tsx';

type Props = {
  conversations: ConversationView[];
  selected: string | undefined;
  onSelect(contactId: string): void;
  /** A search's matching message per contact: shown instead of the last message. */
  matches: Map<string, Message>;
  /** What to say when the list is empty: nothing yet, or nothing matches the filters. */
  empty: { title: string; hint: string };
};

export function ConversationList({ conversations, selected, onSelect, matches, empty }: Props) {
  const members = useAssignees();
  const me = useSession().user?.id;
  if (conversations.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
        <MessageCircle aria-hidden="true" className="size-8 text-slate-300" />
        <p className="font-medium text-slate-700">{empty.title}</p>
        <p className="text-sm text-slate-500">{empty.hint}</p>
      </div>
    );
  }
  return (
    <ul aria-label="Conversas" className="flex-1 divide-y divide-slate-100 overflow-y-auto">
      {conversations.map((conversation) => {
        const name = contactName(conversation.contact);
        const shown = matches.get(conversation.contactId) ?? conversation.lastMessage;
        const preview = shown ? messagePreview(shown) : '';
        return (
          <li key={conversation.contactId}>
            <button
              type="button"
              onClick={() => onSelect(conversation.contactId)}
              aria-current={selected === conversation.contactId ? 'true' : undefined}
              className={cn(
                'flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50',
                selected === conversation.contactId && 'bg-brand-50 hover:bg-brand-50',
              )}
            >
              <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700">
                {name.replace('@', '').charAt(0).toUpperCase()}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-medium text-slate-900"><UserText>{name}</UserText></span>
                  <time className="shrink-0 text-xs text-slate-500" dateTime={conversation.lastMessageAt}>
                    {formatChatTime(conversation.lastMessageAt)}
                  </time>
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-slate-500">
                    {shown ? previewPrefix(shown) : ''}
                    <UserText reveal="links">{preview}</UserText>
                  </span>
                  {conversation.unreadCount > 0 && (
                    <span
                      aria-label={formatCount(conversation.unreadCount, 'não lida', 'não lidas')}
                      className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white"
                    >
                      {conversation.unreadCount}
                    </span>
                  )}
                </span>
                <ConversationMeta conversation={conversation} members={members} me={me} />
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
