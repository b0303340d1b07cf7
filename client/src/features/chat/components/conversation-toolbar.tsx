import { Search } from 'lucide-react';
import type { Bot } from '@shared/bots/schemas.ts';
import { conversationStatusSchema } from '@shared/messages/assignment.ts';
import { LabelFilter } from '../../../components/labels/label-filter.tsx';
import { ASSIGNMENT_UI_TEXTS as T } from '../api/assignment-texts.ts';
import { CHAT_TEXTS } from '../api/chat-texts.ts';
import type { AssigneeFilter, ConversationFilter } from '../utils/conversation-filter.ts';
import { ToggleButton } from './toggle-button.tsx';

type Props = { filter: ConversationFilter; onChange(changes: Partial<ConversationFilter>): void; bots: Bot[] | undefined };

const WHOSE: ReadonlyArray<[AssigneeFilter, string]> = [['mine', T.mine], ['none', T.none], ['all', T.all]];
const SELECT = 'h-8 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-700';

/**
 * Above the list: search (name, @username, message text); whose (Minhas / Sem responsável / Todas); Não lidas, the
 * status (abertas, pendentes, resolvidas), the bot when there is more than one, and a label.
 */
export function ConversationToolbar({ filter, onChange, bots }: Props) {
  return (
    <div className="flex flex-col gap-2 border-b border-slate-200 p-2 sm:p-3">
      <label className="relative block">
        <span className="sr-only">{CHAT_TEXTS.search}</span>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <input
          type="search"
          value={filter.search}
          placeholder={CHAT_TEXTS.searchPlaceholder}
          onChange={(event) => onChange({ search: event.target.value })}
          className="h-10 w-full rounded-lg border border-slate-300 pr-3 pl-9 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none sm:text-sm"
        />
      </label>
      <div role="group" aria-label={T.whose} className="flex rounded-lg bg-slate-100 p-0.5 [&>button]:flex-1">
        {WHOSE.map(([value, label]) => (
          <ToggleButton key={value} pressed={filter.assignee === value} onClick={() => onChange({ assignee: value })}>{label}</ToggleButton>
        ))}
      </div>
      <div className="flex items-center gap-2">
        <div className="flex rounded-lg bg-slate-100 p-0.5">
          <ToggleButton pressed={filter.unreadOnly} onClick={() => onChange({ unreadOnly: !filter.unreadOnly })}>{CHAT_TEXTS.unread}</ToggleButton>
        </div>
        <label className="flex min-w-0 flex-1">
          <span className="sr-only">{T.status}</span>
          <select
            value={filter.status ?? ''}
            onChange={(event) => {
              const status = conversationStatusSchema.safeParse(event.target.value);
              onChange({ status: status.success ? status.data : undefined });
            }}
            className={SELECT}
          >
            <option value="">{T.anyStatus}</option>
            <option value="OPEN">{T.open}</option>
            <option value="PENDING">{T.pending}</option>
            <option value="RESOLVED">{T.resolved}</option>
          </select>
        </label>
        {bots && bots.length > 1 && (
          <label className="flex min-w-0 flex-1">
            <span className="sr-only">{CHAT_TEXTS.bot}</span>
            <select value={filter.botId ?? ''} onChange={(event) => onChange({ botId: event.target.value || undefined })} className={SELECT}>
              <option value="">{CHAT_TEXTS.allBots}</option>
              {bots.map((bot) => (
                <option key={bot.id} value={bot.id}>{bot.name}</option>
              ))}
            </select>
          </label>
        )}
        <LabelFilter compact className="min-w-0 flex-1" value={filter.label} onChange={(label) => onChange({ label })} />
      </div>
    </div>
  );
}
