import { useId, useMemo, useState } from 'react';
import { ACTIVITY_DAYS, type ActivityDays } from '@shared/dashboard/schemas.ts';
import { LineChart } from '../../../components/charts/line-chart.tsx';
import { PeriodSelector } from '../../../components/period-selector.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { useAccessRevenue } from '../api/access-revenue.ts';
import { ACCESS_TOASTS } from '../api/access-texts.ts';
import { revenueTotals, toRevenueChart, type RevenueTotals } from '../utils/revenue-chart.ts';

function Totals({ totals }: { totals: RevenueTotals }) {
  const figures = [
    { key: 'revenue', label: 'Vendas', value: formatMoney(totals.revenueCents / 100) },
    { key: 'refunded', label: 'Reembolsos e estornos', value: formatMoney(totals.refundedCents / 100) },
    { key: 'net', label: 'Líquido', value: formatMoney(totals.netCents / 100) },
    { key: 'sales', label: 'Cobranças', value: formatNumber(totals.sales) },
    ...(totals.stars > 0 ? [{ key: 'stars', label: 'Estrelas', value: formatNumber(totals.stars) }] : []),
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {figures.map(({ key, label, value }) => (
        <div key={key} className="min-w-0 rounded-xl bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd data-testid={`revenue-${key}`} className="font-semibold text-slate-900 tabular-nums">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * "Receita por dia" of every plan, or of one (docs/product.md#acessos): charges in reais by the day they were paid,
 * refunds and chargebacks apart by the day they happened, over 7, 30 or 90 days in the device's zone.
 */
export function RevenueCard({ planId, online }: { planId?: string; online: boolean }) {
  const titleId = useId();
  const [days, setDays] = useState<ActivityDays>(30);
  const query = useAccessRevenue(days, planId, online);
  const series = query.data?.series;
  const chart = useMemo(() => (series ? { data: toRevenueChart(series), totals: revenueTotals(series) } : undefined), [series]);
  if (!online && !chart) return null;
  return (
    <Card className="min-w-0 space-y-3 p-4 sm:p-5">
      <section aria-labelledby={titleId} aria-busy={(!chart && !query.isError) || undefined} className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id={titleId} className="text-base font-semibold text-slate-900">
              Receita por dia
            </h2>
            <p className="text-sm text-slate-500">{planId ? 'Deste plano, em reais' : 'Todos os planos, em reais'}</p>
          </div>
          <PeriodSelector options={ACTIVITY_DAYS} value={days} onChange={setDays} name={`revenue-period-${planId ?? 'all'}`} legend="Período da receita" />
        </div>
        {chart ? (
          <>
            <Totals totals={chart.totals} />
            {chart.totals.sales > 0 || chart.totals.refundedCents > 0 ? (
              <LineChart data={chart.data} caption={`Receita por dia, últimos ${days} dias`} height={160} />
            ) : (
              <p className="rounded-xl bg-slate-50 px-3 py-3 text-sm text-slate-600">Nenhuma venda no período. As compras aprovadas pelos webhooks e pelas Estrelas aparecem aqui.</p>
            )}
          </>
        ) : query.isError ? (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700">
            {ACCESS_TOASTS.loadRevenueFailed}
            <Button variant="outline" size="sm" loading={query.isFetching} onClick={() => void query.refetch()}>
              Tentar novamente
            </Button>
          </div>
        ) : (
          <div aria-hidden="true" className="h-52 animate-pulse rounded-xl bg-slate-50" />
        )}
      </section>
    </Card>
  );
}
