import { ACCESS_STATUS_LABELS, type AccessStatus } from '@shared/access/texts.ts';
import { cn } from '../../lib/cn.ts';

/** Each state's colour; the label is always written out, so the colour never carries the meaning alone. */
const TONES: Record<AccessStatus, string> = {
  AWAITING_LINK: 'bg-sky-50 text-sky-800 ring-sky-200',
  ACTIVE: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  GRACE: 'bg-amber-50 text-amber-800 ring-amber-200',
  EXPIRED: 'bg-slate-100 text-slate-700 ring-slate-200',
  REFUNDED: 'bg-violet-50 text-violet-800 ring-violet-200',
  CHARGEBACK: 'bg-red-50 text-red-800 ring-red-200',
  CANCELED: 'bg-orange-50 text-orange-800 ring-orange-200',
  REVOKED: 'bg-red-50 text-red-800 ring-red-200',
};

/** An access's state as a coloured chip with its pt-BR label (shared/access/texts.ts). */
export function AccessStatusChip({ status }: { status: AccessStatus }) {
  return (
    <span data-testid="access-status" className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset', TONES[status])}>
      {ACCESS_STATUS_LABELS[status]}
    </span>
  );
}
