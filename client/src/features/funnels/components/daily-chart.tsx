import { useId, useMemo } from 'react';
import type { FunnelMetrics } from '@shared/funnels/schemas.ts';
import { useUplotChart } from '../hooks/use-uplot-chart.ts';
import { toChartData } from '../utils/chart-series.ts';
import { DailyHistoryTable } from './daily-history-table.tsx';

/** Room for the chart before it is drawn (uplot-chart.ts draws 220 px plus the legend), so the modal does not jump. */
const CHART_MIN_HEIGHT = 220;

export const CHART_LOAD_FAILED = 'Não foi possível carregar o gráfico.';

/**
 * The daily history as lines (page views, clicks, entries, exits) with days in pt-BR on the axis; the same figures
 * are in a table for screen readers.
 */
export function DailyChart({ history }: { history: FunnelMetrics['history'] }) {
  const captionId = useId();
  const data = useMemo(() => toChartData(history), [history]);
  const { target, failed, drawn } = useUplotChart(data);
  return (
    <figure aria-labelledby={captionId} className="min-w-0">
      <figcaption id={captionId} className="mb-2 text-sm font-medium text-slate-700">
        Histórico diário ({history.length} dias)
      </figcaption>
      {failed ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {CHART_LOAD_FAILED}
        </p>
      ) : (
        <div ref={target} data-testid="daily-chart" data-drawn={drawn || undefined} aria-hidden="true" style={{ minHeight: CHART_MIN_HEIGHT }} className="w-full overflow-hidden text-xs" />
      )}
      <DailyHistoryTable history={history} labels={data.labels} />
    </figure>
  );
}
