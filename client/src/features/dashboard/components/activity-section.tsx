import { RefreshCw } from 'lucide-react';
import { useMemo } from 'react';
import { ACTIVITY_DAYS, type ActivityDay, type ActivityDays } from '@shared/dashboard/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ACTIVITY_CHARTS, periodOf, toActivityChart } from '../utils/activity-charts.ts';
import { ActivityChartCard } from './activity-chart-card.tsx';
import { PeriodSelector } from '../../../components/period-selector.tsx';

type Props = {
  days: ActivityDays;
  onDaysChange: (days: ActivityDays) => void;
  series: ActivityDay[] | undefined;
  hasBots: boolean;
  failed: { message: string; offline: boolean; retry: () => void } | undefined;
};

/** The daily activity of the chosen period, chart by chart. */
export function ActivitySection({ days, onDaysChange, series, hasBots, failed }: Props) {
  const charts = useMemo(() => (series ? ACTIVITY_CHARTS.map((spec) => toActivityChart(spec, series)) : undefined), [series]);
  const period = series ? periodOf(series) : '';
  return (
    <section aria-labelledby="atividade-title" aria-busy={(!charts && !failed) || undefined} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="atividade-title" className="text-base font-semibold text-slate-900">
            Atividade
          </h2>
          <p className="text-sm text-slate-500" data-testid="activity-period">
            {period || `Últimos ${days} dias`}
          </p>
        </div>
        <PeriodSelector options={ACTIVITY_DAYS} value={days} onChange={onDaysChange} />
      </div>
      {failed && !charts ? (
        <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
          <p className="text-slate-700">{failed.offline ? 'Sem conexão: a atividade aparece quando a conexão voltar.' : failed.message}</p>
          <Button variant="secondary" onClick={failed.retry} icon={<RefreshCw aria-hidden="true" className="size-4" />}>
            Tentar novamente
          </Button>
        </Card>
      ) : (
        <div className="grid gap-3 sm:gap-4 lg:grid-cols-2">
          {charts
            ? charts.map((chart) => <ActivityChartCard key={chart.spec.id} chart={chart} period={period} hasBots={hasBots} />)
            : ACTIVITY_CHARTS.map((spec) => <Card key={spec.id} aria-hidden="true" className="h-64 animate-pulse bg-slate-50" />)}
        </div>
      )}
    </section>
  );
}
