import { Eye, LogIn, LogOut, MousePointerClick } from 'lucide-react';
import { useMemo } from 'react';
import type { Funnel } from '@shared/funnels/schemas.ts';
import { StatCards } from '../../../components/stat-cards.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { todayTotals } from '../utils/today-totals.ts';

const shown = (value: number | undefined) => (value === undefined ? undefined : formatNumber(value));

/** Today's page views, clicks, entries and exits over every funnel; placeholders until the list is read. */
export function TodayTotals({ funnels }: { funnels: Funnel[] | undefined }) {
  const totals = useMemo(() => (funnels ? todayTotals(funnels) : undefined), [funnels]);
  return (
    <StatCards
      label="Totais de hoje"
      gridClassName="grid-cols-2 lg:grid-cols-4"
      cards={[
        { label: 'Visualizações hoje', icon: Eye, tone: 'bg-indigo-50 text-indigo-600', value: shown(totals?.pageviews) },
        { label: 'Cliques hoje', icon: MousePointerClick, tone: 'bg-sky-50 text-sky-600', value: shown(totals?.clicks) },
        { label: 'Entradas hoje', icon: LogIn, tone: 'bg-emerald-50 text-emerald-600', value: shown(totals?.entries) },
        { label: 'Saídas hoje', icon: LogOut, tone: 'bg-red-50 text-red-600', value: shown(totals?.exits) },
      ]}
    />
  );
}
