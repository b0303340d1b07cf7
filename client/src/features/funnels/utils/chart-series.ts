import type { FunnelMetrics } from '@shared/funnels/schemas.ts';

/** The day's four figures with their pt-BR names and line colours: the chart's legend order, the cards' and the modal's too. */
export const CHART_SERIES = [
  { key: 'pageviews', label: 'Visualizações', color: '#6366f1' },
  { key: 'clicks', label: 'Cliques', color: '#0ea5e9' },
  { key: 'entries', label: 'Entradas', color: '#10b981' },
  { key: 'exits', label: 'Saídas', color: '#ef4444' },
] as const;

// The history's dates are calendar days (YYYY-MM-DD in the user's zone): read and printed as UTC so no zone shifts them.
const dayFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: 'short', timeZone: 'UTC' });

/** "2026-11-05" → "05 de nov." */
export function formatHistoryDay(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : dayFormat.format(parsed);
}

export type ChartData = {
  /** The axis' text for each x (the day's index). */
  labels: string[];
  /** uPlot's columns: x (0…n-1), then one column per CHART_SERIES entry. */
  columns: [number[], ...number[][]];
};

export function toChartData(history: FunnelMetrics['history']): ChartData {
  return {
    labels: history.map((row) => formatHistoryDay(row.date)),
    columns: [history.map((_row, index) => index), ...CHART_SERIES.map(({ key }) => history.map((row) => row[key]))],
  };
}
