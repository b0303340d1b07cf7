import { formatNumber } from '../../lib/format.ts';
import type { LineChartData } from './line-chart-data.ts';
import { useLineChart } from './use-line-chart.ts';

export const LINE_CHART_FAILED = 'Não foi possível carregar o gráfico.';

/**
 * A daily line chart; the drawing is hidden from screen readers, which read the same figures in a table captioned
 * `caption`.
 */
export function LineChart({ data, caption, height = 180 }: { data: LineChartData; caption: string; height?: number }) {
  const { target, failed, drawn } = useLineChart(data, height);
  return (
    <>
      {failed ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {LINE_CHART_FAILED}
        </p>
      ) : (
        <div ref={target} data-testid="line-chart" data-drawn={drawn || undefined} aria-hidden="true" style={{ minHeight: height }} className="w-full overflow-hidden text-xs" />
      )}
      {/* A table ignores `overflow`: the wrapper clips it, so its width never widens the page. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Dia</th>
              {data.series.map(({ label }) => (
                <th key={label} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.labels.map((day, index) => (
              <tr key={`${day}-${index}`}>
                <th scope="row">{day}</th>
                {data.series.map(({ label }, column) => (
                  <td key={label}>{(data.format ?? formatNumber)(data.columns[column + 1]?.[index] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
