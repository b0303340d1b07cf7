import { Search } from 'lucide-react';
import type { Bot } from '@shared/bots/schemas.ts';
import { cn } from '../../../lib/cn.ts';
import { CHAT_TEXTS } from '../api/chat-texts.ts';
import type { ConversationFilter } from '../utils/conversation-filter.ts';

type Props = { filter: ConversationFilter; onChange(changes: Partial<ConversationFilter>): void; bots: Bot[] | undefined };

/** Above the list: search (name, @username, message text), Todas / Não lidas, and the bot when there is more than one. */
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
      <div className="flex items-center gap-2">
        <div role="group" aria-label={CHAT_TEXTS.show} className="flex rounded-lg bg-slate-100 p-0.5">
          <Toggle pressed={!filter.unreadOnly} onClick={() => onChange({ unreadOnly: false })}>{CHAT_TEXTS.all}</Toggle>
          <Toggle pressed={filter.unreadOnly} onClick={() => onChange({ unreadOnly: true })}>{CHAT_TEXTS.unread}</Toggle>
        </div>
        {bots && bots.length > 1 && (
          <label className="min-w-0 flex-1">
            <span className="sr-only">{CHAT_TEXTS.bot}</span>
            <select
              value={filter.botId ?? ''}
              onChange={(event) => onChange({ botId: event.target.value || undefined })}
              className="h-8 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-700"
            >
              <option value="">{CHAT_TEXTS.allBots}</option>
              {bots.map((bot) => (
                <option key={bot.id} value={bot.id}>{bot.name}</option>
              ))}
            </select>
          </label>
        )}
      </div>
    </div>
  );
}

function Toggle({ pressed, onClick, children }: { pressed: boolean; onClick(): void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn('h-7 rounded-md px-3 text-sm font-medium', pressed ? 'bg-white text-slate-900 shadow-xs' : 'text-slate-600 hover:text-slate-900')}
    >
      {children}
    </button>
  );
}
