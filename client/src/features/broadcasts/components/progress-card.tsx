import { BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { formatNumber } from '../../../lib/format.ts';
import type { ProgressView } from '../utils/progress.ts';

/** The send's percentage as a bar and its counts (Total, Enviados, Falhas, Atual); 'Atualizando…' while live. */
export function ProgressCard({ view, live }: { view: ProgressView; live: boolean }) {
  const counts: [string, number][] = [
    ['Total', view.total],
    ['Enviados', view.sent],
    ['Falhas', view.failed],
    ['Atual', view.current],
  ];
  return (
    <Card>
      <CardContent className="space-y-4">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium text-slate-700">Progresso</span>
          <span data-testid="broadcast-percentage" className="font-semibold text-slate-900 tabular-nums">
            {view.percentage}%
          </span>
        </div>
        <div role="progressbar" aria-label="Progresso do envio" aria-valuemin={0} aria-valuemax={100} aria-valuenow={view.percentage} className="h-3 overflow-hidden rounded-full bg-slate-100">
          <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${view.percentage}%` }} />
        </div>
        {live && <p className="text-xs text-slate-500" aria-live="polite">{BROADCAST_TEXTS.autoRefresh}</p>}
        <ul aria-label="Contagens do envio" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {counts.map(([label, value]) => (
            <li key={label} className="rounded-xl bg-slate-50 p-3">
              <span className="block text-xs font-medium text-slate-500">{label}</span>
              <span className="block text-xl font-bold text-slate-900 tabular-nums">{formatNumber(value)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
