import { useState } from 'react';
import { FUNNEL_LIMITS, FUNNEL_TOASTS, type Funnel, type MetricsDays } from '@shared/funnels/schemas.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useFunnelMetrics } from '../api/funnel-requests.ts';
import { CHART_SERIES } from '../utils/chart-series.ts';
import { DailyChart } from './daily-chart.tsx';
import { FunnelSales } from './funnel-sales.tsx';

/** The days are the user's: the server counts them in this zone (docs/product.md#screen-funnels). */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="min-w-0 rounded-xl bg-slate-50 px-3 py-2">
      <dt className="truncate text-xs text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums">{value === undefined ? '—' : formatNumber(value)}</dd>
    </div>
  );
}

/** The funnel's metrics with the 7 / 30 / 90 day selector (default 30): leads, today's figures and the daily chart. */
export function MetricsModal({ funnel, onClose }: { funnel: Funnel; onClose: () => void }) {
  const [days, setDays] = useState<MetricsDays>(FUNNEL_LIMITS.defaultMetricsDays);
  const [zone] = useState(timeZone);
  const metrics = useFunnelMetrics(funnel.id, days, zone);
  const data = metrics.data;

  return (
    <Modal open onClose={onClose} title={`Métricas: ${funnel.name}`} description={`${funnel.channel.channelName} · @${funnel.bot.username}`} size="2xl">
      <div className="space-y-5" aria-busy={metrics.isFetching || undefined}>
        <div role="group" aria-label="Período" className="inline-flex rounded-lg bg-slate-100 p-1">
          {FUNNEL_LIMITS.metricsDays.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={days === option}
              onClick={() => setDays(option)}
              className={cn('rounded-md px-3 py-1.5 text-sm font-medium transition-colors', days === option ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900')}
            >
              {option} dias
            </button>
          ))}
        </div>

        {metrics.isError && !data ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {metrics.error.message || FUNNEL_TOASTS.metricsFailed}
          </p>
        ) : (
          <>
            <dl aria-label="Leads" className="grid grid-cols-2 gap-2">
              <Figure label="Leads no total" value={data?.totalLeads} />
              <Figure label="Leads ativos" value={data?.activeLeads} />
            </dl>
            <section aria-label="Hoje">
              <h3 className="mb-2 text-sm font-medium text-slate-700">Hoje</h3>
              <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {CHART_SERIES.map(({ key, label }) => (
                  <Figure key={key} label={label} value={data?.today[key]} />
                ))}
              </dl>
            </section>
            {data ? <DailyChart history={data.history} /> : <div aria-label="Carregando métricas" className="h-48 animate-pulse rounded-xl bg-slate-100" />}
            {data ? <FunnelSales sales={data.sales} /> : null}
          </>
        )}
      </div>
    </Modal>
  );
}
