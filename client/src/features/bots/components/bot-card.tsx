import { Link } from '@tanstack/react-router';
import { AlertTriangle, Bot as BotIcon, ChevronRight, Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { Bot } from '@shared/bots/schemas.ts';
import { buttonClasses, Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useBotChatCount } from '../api/bot-rows.ts';
import { StatusBadge } from './status-badge.tsx';

const chatsLabel = (count: number) => (count === 0 ? 'Em nenhum grupo ou canal ainda' : count === 1 ? 'Administra 1 grupo ou canal' : `Administra ${count} grupos e canais`);

/** One bot of the list: name, @username, status (and why it is off), details link, remove. */
export function BotCard({ bot, onRemove }: { bot: Bot; onRemove: (bot: Bot) => void }) {
  const titleId = useId();
  const chats = useBotChatCount(bot.id);
  return (
    <Card className="flex h-full flex-col p-5" role="article" aria-labelledby={titleId}>
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
          <BotIcon aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="truncate font-semibold text-slate-900">
            {bot.name}
          </h3>
          <p className="truncate text-sm text-slate-500">@{bot.username}</p>
        </div>
        <StatusBadge active={bot.isActive} className="shrink-0" />
      </div>
      {chats !== undefined && <p className={chats === 0 ? 'mt-3 text-sm text-amber-700' : 'mt-3 text-sm text-slate-600'}>{chatsLabel(chats)}</p>}
      {!bot.isActive && bot.inactiveReason && (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {bot.inactiveReason}
        </p>
      )}
      <div className="mt-auto flex items-center gap-2 pt-5">
        <Link
          to="/bots/$botId"
          params={{ botId: bot.id }}
          className={buttonClasses({ variant: 'outline', size: 'sm', className: 'flex-1' })}
        >
          Ver detalhes
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-600 hover:bg-red-50 hover:text-red-700"
          icon={<Trash2 aria-hidden="true" className="size-4" />}
          onClick={() => onRemove(bot)}
        >
          Remover
        </Button>
      </div>
    </Card>
  );
}
