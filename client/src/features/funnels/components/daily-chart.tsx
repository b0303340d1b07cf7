import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FunnelMetrics } from '@shared/funnels/schemas.ts';
import { formatNumber } from '../../../lib/format.ts';
import { CHART_SERIES, toChartData } from '../utils/chart-series.ts';
import type { DailyChart as Chart } from '../utils/uplot-chart.ts';

/** Room for the chart before it is drawn (uplot-chart.ts draws 220 px plus the legend), so the modal does not jump. */
const CHART_MIN_HEIGHT = 220;

export const CHART_LOAD_FAILED = 'Não foi possível carregar o gráfico.';

/**
 * The daily history as lines (page views, clicks, entries, exits) with days in pt-BR on the axis. uPlot is fetched
 * on first use (utils/uplot-chart.ts); the same figures are in a table for screen readers.
 */
export function DailyChart({ history }: { history: FunnelMetrics['history'] }) {
  const target = useRef<HTMLDivElement>(null);
  const captionId = useId();
  const data = useMemo(() => toChartData(history), [history]);
  const [failed, setFailed] = useState(false);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let chart: Chart | null = null;
    let cancelled = false;
    const observer = new ResizeObserver(() => chart?.setSize(element.clientWidth));
    import('../utils/uplot-chart.ts')
      .then(({ drawDailyChart }) => {
        if (cancelled) return;
        chart = drawDailyChart(element, data, element.clientWidth);
        observer.observe(element);
        setDrawn(true);
      })
      .catch((error: unknown) => {
        console.warn('Gráfico indisponível', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      observer.disconnect();
      chart?.destroy();
    };
  }, [data]);

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
      <table data-testid="daily-history" className="sr-only">
        <caption>Histórico diário</caption>
        <thead>
          <tr>
            <th scope="col">Dia</th>
            {CHART_SERIES.map(({ key, label }) => (
              <th key={key} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {history.map((row, index) => (
            <tr key={row.date}>
              <th scope="row">{data.labels[index]}</th>
              {CHART_SERIES.map(({ key }) => (
                <td key={key}>{formatNumber(row[key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
