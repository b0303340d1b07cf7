import type { FunnelMetrics } from '@shared/funnels/schemas.ts';
import { formatNumber } from '../../../lib/format.ts';
import { CHART_SERIES } from '../utils/chart-series.ts';

/** The chart's figures as a table for screen readers (the drawing is hidden from them). */
export function DailyHistoryTable({ history, labels }: { history: FunnelMetrics['history']; labels: string[] }) {
  return (
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
            <th scope="row">{labels[index]}</th>
            {CHART_SERIES.map(({ key }) => (
              <td key={key}>{formatNumber(row[key])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
