import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { LineChart } from '../../../components/charts/line-chart.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import type { ActivityChart } from '../utils/activity-charts.ts';

/** One chart of the activity: its totals of the period, then the drawing, or how to get data when it has none. */
export function ActivityChartCard({ chart, period, hasBots }: { chart: ActivityChart; period: string; hasBots: boolean }) {
  const titleId = useId();
  const { spec, data, totals, empty } = chart;
  return (
    <Card className="min-w-0 p-4 sm:p-5" data-testid={`activity-${spec.id}`}>
      <figure aria-labelledby={titleId} className="min-w-0">
        <figcaption>
          <h3 id={titleId} className="text-base font-semibold text-slate-900">
            {spec.title}
          </h3>
          <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            {spec.series.map((series, index) => (
              <div key={series.key} className="flex items-center gap-1.5">
                <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: series.color }} />
                <dt>{series.label}:</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">{(spec.money ? formatMoney : formatNumber)(totals[index] ?? 0)}</dd>
              </div>
            ))}
          </dl>
        </figcaption>
        {empty ? (
          <div className="mt-4 rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
            <p>{hasBots ? spec.zero.text : spec.zero.noBotText}</p>
            <Link to={hasBots ? spec.zero.link.to : '/bots'} className="mt-2 inline-flex min-h-6 items-center font-medium text-brand-700 hover:underline">
              {hasBots ? spec.zero.link.label : 'Conectar um bot'}
            </Link>
          </div>
        ) : (
          <div className="mt-3">
            <LineChart data={data} caption={`${spec.title} por dia, ${period}`} />
          </div>
        )}
      </figure>
    </Card>
  );
}
