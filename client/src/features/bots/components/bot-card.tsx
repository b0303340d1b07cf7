import { Link } from '@tanstack/react-router';
import { AlertTriangle, Bot as BotIcon, ChevronRight } from 'lucide-react';
import type { Bot } from '@shared/bots/schemas.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EntityCard, RemoveButton } from '../../../components/ui/entity-card.tsx';
import { useBotChatCount } from '../api/bot-rows.ts';
import { StatusBadge } from './status-badge.tsx';

const chatsLabel = (count: number) => (count === 0 ? 'Em nenhum grupo ou canal ainda' : count === 1 ? 'Administra 1 grupo ou canal' : `Administra ${count} grupos e canais`);

/** One bot of the list: name, @username, status (and why it is off), details link, remove. */
export function BotCard({ bot, onRemove }: { bot: Bot; onRemove: (bot: Bot) => void }) {
  const chats = useBotChatCount(bot.id);
  return (
    <EntityCard
      icon={BotIcon}
      title={bot.name}
      subtitle={<p className="truncate text-sm text-slate-500">@{bot.username}</p>}
      badge={<StatusBadge active={bot.isActive} className="shrink-0" />}
      actions={
        <>
          <Link to="/bots/$botId" params={{ botId: bot.id }} className={buttonClasses({ variant: 'outline', size: 'sm', className: 'flex-1' })}>
            Ver detalhes
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
          <RemoveButton onClick={() => onRemove(bot)} />
        </>
      }
    >
      {chats !== undefined && <p className={chats === 0 ? 'mt-3 text-sm text-amber-700' : 'mt-3 text-sm text-slate-600'}>{chatsLabel(chats)}</p>}
      {!bot.isActive && bot.inactiveReason && (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {bot.inactiveReason}
        </p>
      )}
    </EntityCard>
  );
}
