import { BROADCAST_STATUS_LABELS, type BroadcastStatus } from '@shared/broadcasts/status-machine.ts';
import { cn } from '../../../lib/cn.ts';

const TONES: Record<BroadcastStatus, string> = {
  DRAFT: 'bg-slate-100 text-slate-700',
  SCHEDULED: 'bg-sky-50 text-sky-700',
  SENDING: 'bg-amber-50 text-amber-700',
  COMPLETED: 'bg-emerald-50 text-emerald-700',
  FAILED: 'bg-red-50 text-red-700',
  CANCELLED: 'bg-slate-100 text-slate-500',
};

/** Rascunho, Agendado, Enviando, Concluído, Falhou, Cancelado (docs/product.md#state-broadcast). */
export function BroadcastStatusBadge({ status, className }: { status: BroadcastStatus; className?: string }) {
  return (
    <span data-testid="broadcast-status" className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', TONES[status], className)}>
      {BROADCAST_STATUS_LABELS[status]}
    </span>
  );
}

/** A change of this device that the server has not taken yet. */
export function PendingSyncBadge() {
  return <span className="inline-flex items-center rounded-full bg-violet-50 px-2 py-0.5 text-xs font-medium text-violet-700">Aguardando sincronização</span>;
}
