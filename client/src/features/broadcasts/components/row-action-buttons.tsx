import { Ban, Copy, Eye, Pencil, Send, Square, Trash2, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import type { BroadcastRow } from '../utils/local-drafts.ts';
import { actionAvailable, rowActions, type RowAction } from '../utils/row-actions.ts';

export const ACTION_LABELS: Record<RowAction, string> = {
  details: 'Detalhes',
  edit: 'Editar',
  send: 'Enviar agora',
  cancel: 'Cancelar',
  stop: 'Parar',
  duplicate: 'Duplicar',
  delete: 'Excluir',
};

const ICONS: Record<RowAction, LucideIcon> = { details: Eye, edit: Pencil, send: Send, cancel: Ban, stop: Square, duplicate: Copy, delete: Trash2 };

export const OFFLINE_ACTION_HINT = 'Precisa de conexão com o servidor';

type Props = { row: BroadcastRow; online: boolean; onAction: (action: RowAction, row: BroadcastRow) => void; compact?: boolean };

/** The row's actions by status (utils/row-actions.ts); icons with names on a table, labelled buttons on a card. */
export function RowActionButtons({ row, online, onAction, compact = false }: Props) {
  return (
    <div className={cn('flex flex-wrap items-center', compact ? 'justify-end gap-0.5' : 'gap-2')}>
      {rowActions(row.status, { localOnly: row.localOnly }).map((action) => {
        const Icon = ICONS[action];
        const available = actionAvailable(action, online);
        const danger = action === 'delete' || action === 'cancel' || action === 'stop';
        return (
          <Button
            key={action}
            variant={compact ? 'ghost' : 'outline'}
            size="sm"
            disabled={!available}
            title={available ? ACTION_LABELS[action] : `${ACTION_LABELS[action]}: ${OFFLINE_ACTION_HINT}`}
            aria-label={compact ? `${ACTION_LABELS[action]} ${row.name}` : undefined}
            className={cn(compact && 'px-2', danger && 'text-red-600 hover:bg-red-50 hover:text-red-700')}
            icon={<Icon aria-hidden="true" className="size-4" />}
            onClick={() => onAction(action, row)}
          >
            {compact ? null : ACTION_LABELS[action]}
          </Button>
        );
      })}
    </div>
  );
}
