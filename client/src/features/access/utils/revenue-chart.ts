/**
 * The Acessos revenue chart (docs/product.md#acessos): the day series as a line chart in reais, charges and refunds
 * as two lines, and the period's totals (net = charged − refunded; Stars apart, never converted).
 */
import type { RevenueDay } from '@shared/access/revenue.ts';
import type { LineChartData } from '../../../components/charts/line-chart-data.ts';
import { formatMoney } from '../../../lib/format.ts';

export const REVENUE_SERIES = [
  { key: 'revenueCents', label: 'Vendas', color: '#059669' },
  { key: 'refundedCents', label: 'Reembolsos e estornos', color: '#ef4444' },
] as const;

// Calendar days (YYYY-MM-DD in the operator's zone): read and printed as UTC so no zone shifts them.
const labelFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: 'short', timeZone: 'UTC' });
const tickFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

export type RevenueTotals = { revenueCents: number; refundedCents: number; netCents: number; sales: number; stars: number };

export function revenueTotals(series: readonly RevenueDay[]): RevenueTotals {
  const sum = (key: 'revenueCents' | 'refundedCents' | 'sales' | 'stars') => series.reduce((total, day) => total + day[key], 0);
  const revenueCents = sum('revenueCents');
  const refundedCents = sum('refundedCents');
  return { revenueCents, refundedCents, netCents: revenueCents - refundedCents, sales: sum('sales'), stars: sum('stars') };
}

export function toRevenueChart(series: readonly RevenueDay[]): LineChartData {
  return {
    labels: series.map((day) => labelFormat.format(dayOf(day.date))),
    ticks: series.map((day) => tickFormat.format(dayOf(day.date))),
    series: REVENUE_SERIES,
    columns: [series.map((_day, index) => index), ...REVENUE_SERIES.map(({ key }) => series.map((day) => day[key] / 100))],
    format: formatMoney,
  };
}
