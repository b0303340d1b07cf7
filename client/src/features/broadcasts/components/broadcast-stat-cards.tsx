import { CheckCircle2, Megaphone, Percent, XCircle, type LucideIcon } from 'lucide-react';
import type { BroadcastStats } from '@shared/broadcasts/schemas.ts';
import { formatNumber } from '../../../lib/format.ts';
import { formatSuccessRate } from '../utils/progress.ts';

const CARDS: { label: string; value: (stats: BroadcastStats) => string; icon: LucideIcon; tone: string }[] = [
  { label: 'Total', value: (stats) => formatNumber(stats.total), icon: Megaphone, tone: 'bg-indigo-50 text-indigo-600' },
  { label: 'Enviados', value: (stats) => formatNumber(stats.totalSent), icon: CheckCircle2, tone: 'bg-emerald-50 text-emerald-600' },
  { label: 'Falhados', value: (stats) => formatNumber(stats.totalFailed), icon: XCircle, tone: 'bg-red-50 text-red-600' },
  { label: 'Taxa de Sucesso', value: (stats) => formatSuccessRate(stats.averageSuccessRate), icon: Percent, tone: 'bg-sky-50 text-sky-600' },
];

/** Total, Enviados, Falhados, Taxa de Sucesso (docs/product.md#screen-broadcasts). */
export function BroadcastStatCards({ stats }: { stats: BroadcastStats | undefined }) {
  return (
    <section aria-label="Estatísticas de disparos" aria-busy={stats === undefined || undefined}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {CARDS.map(({ label, value, icon: Icon, tone }) => (
          <li key={label} className="rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm">
            <span className={`flex size-9 items-center justify-center rounded-xl ${tone}`}>
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span className="mt-3 block text-sm font-medium text-slate-500">{label}</span>
            <span className="mt-1 block text-2xl font-bold tracking-tight text-slate-900 tabular-nums">
              {stats ? value(stats) : <span className="inline-block h-7 w-12 animate-pulse rounded bg-slate-100" />}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
