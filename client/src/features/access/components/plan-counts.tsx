import type { Plan } from '@shared/access/plans.ts';
import { formatNumber } from '../../../lib/format.ts';

const FIGURES = [
  { key: 'active', label: 'Ativos' },
  { key: 'expiringIn7Days', label: 'Expiram em 7 dias' },
  { key: 'expired', label: 'Expirados' },
  { key: 'awaitingLink', label: 'Aguardando vínculo' },
] as const;

/** The plan's four figures, each with its label. */
export function PlanCounts({ counts }: { counts: Plan['counts'] }) {
  return (
    <dl aria-label="Membros do plano" className="grid grid-cols-2 gap-1 rounded-xl bg-slate-50 p-2 text-center sm:grid-cols-4">
      {FIGURES.map(({ key, label }) => (
        <div key={key} className="min-w-0">
          <dt className="text-[11px] leading-tight text-slate-600">{label}</dt>
          <dd data-testid={`plan-count-${key}`} className="font-semibold text-slate-900 tabular-nums">
            {formatNumber(counts[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
