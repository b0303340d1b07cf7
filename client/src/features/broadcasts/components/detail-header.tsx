import { Link } from '@tanstack/react-router';
import { Pencil, Square, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { canDo } from '@shared/broadcasts/status-machine.ts';
import { buttonClasses, Button } from '../../../components/ui/button.tsx';
import type { RowAction } from '../utils/row-actions.ts';
import type { BroadcastRow } from '../utils/local-drafts.ts';
import { OFFLINE_ACTION_HINT } from './row-action-buttons.tsx';
import { BroadcastStatusBadge, PendingSyncBadge } from './status-badge.tsx';
import { UserText } from '../../../components/ui/user-text.tsx';

type Props = { broadcast: BroadcastRow; online: boolean; back: ReactNode; onAction: (action: RowAction, row: BroadcastRow) => void };

/** The broadcast's name, status and bot, with Voltar and what its status allows: Editar, Parar (online), Excluir. */
export function DetailHeader({ broadcast, online, back, onAction }: Props) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="truncate text-xl font-semibold text-slate-900"><UserText>{broadcast.name}</UserText></h2>
          <BroadcastStatusBadge status={broadcast.status} />
          {broadcast.pendingSync && <PendingSyncBadge />}
        </div>
        <p className="mt-1 text-sm text-slate-500">
          <UserText>{broadcast.bot.name}</UserText>
          {broadcast.bot.username && ` · @${broadcast.bot.username}`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {back}
        {canDo('edit', broadcast.status) && (
          <Link to="/broadcasts/$broadcastId/edit" params={{ broadcastId: broadcast.id }} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <Pencil aria-hidden="true" className="size-4" />
            Editar
          </Link>
        )}
        {canDo('stop', broadcast.status) && (
          <Button variant="outline" size="sm" disabled={!online} title={online ? undefined : OFFLINE_ACTION_HINT} className="text-red-600" icon={<Square aria-hidden="true" className="size-4" />} onClick={() => onAction('stop', broadcast)}>
            Parar
          </Button>
        )}
        {canDo('delete', broadcast.status) && (
          <Button variant="outline" size="sm" className="text-red-600" icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={() => onAction('delete', broadcast)}>
            Excluir
          </Button>
        )}
      </div>
    </div>
  );
}
