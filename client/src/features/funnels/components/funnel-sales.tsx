import { useMemo } from 'react';
import type { FunnelMetrics } from '@shared/funnels/schemas.ts';
import { LineChart } from '../../../components/charts/line-chart.tsx';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { formatHistoryDay } from '../utils/chart-series.ts';

/**
 * What the funnel sold: the paid accesses bought by people who came through it, with the period's purchases and
 * revenue and the revenue by day (docs/product.md#screen-funnels).
 */
export function FunnelSales({ sales }: { sales: FunnelMetrics['sales'] }) {
  const data = useMemo(() => ({
    labels: sales.history.map((day) => formatHistoryDay(day.date)),
    ticks: sales.history.map((day) => formatHistoryDay(day.date)),
    series: [{ label: 'Receita', color: '#059669' }],
    columns: [sales.history.map((_day, index) => index), sales.history.map((day) => day.revenueCents / 100)] as [number[], number[]],
    format: formatMoney,
  }), [sales]);
  return (
    <section aria-labelledby="funnel-sales-title" className="space-y-2">
      <h3 id="funnel-sales-title" className="text-sm font-medium text-slate-700">
        Vendas de acessos
      </h3>
      <dl className="grid grid-cols-2 gap-2">
        <div className="rounded-xl bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-500">Compras no período</dt>
          <dd className="text-lg font-semibold text-slate-900 tabular-nums">{formatNumber(sales.purchases)}</dd>
        </div>
        <div className="rounded-xl bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-500">Receita no período</dt>
          <dd className="text-lg font-semibold text-slate-900 tabular-nums">{formatMoney(sales.revenueCents / 100)}</dd>
        </div>
      </dl>
      {sales.purchases > 0 ? (
        <LineChart data={data} caption={`Receita por dia, ${sales.history.length} dias`} height={140} />
      ) : (
        <p className="rounded-xl bg-slate-50 px-3 py-3 text-sm text-slate-600">
          Nenhuma compra de quem chegou por este funil no período. As compras aparecem aqui quando o plano de acesso recebe a venda de um visitante do funil.
        </p>
      )}
    </section>
  );
}
