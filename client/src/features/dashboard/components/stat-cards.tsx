import { Link } from '@tanstack/react-router';
import { Activity, Bot, Radio, Workflow, type LucideIcon } from 'lucide-react';
import { formatNumber } from '../../../lib/format.ts';
import type { DashboardStats } from '../api/dashboard-stats.ts';

type StatCard = { label: string; key: keyof DashboardStats; to: '/bots' | '/flows'; icon: LucideIcon; tone: string };

const CARDS: StatCard[] = [
  { label: 'Total de bots', key: 'totalBots', to: '/bots', icon: Bot, tone: 'bg-indigo-50 text-indigo-600' },
  { label: 'Bots ativos', key: 'activeBots', to: '/bots', icon: Activity, tone: 'bg-emerald-50 text-emerald-600' },
  { label: 'Canais', key: 'totalChannels', to: '/bots', icon: Radio, tone: 'bg-sky-50 text-sky-600' },
  { label: 'Fluxos', key: 'totalFlows', to: '/flows', icon: Workflow, tone: 'bg-violet-50 text-violet-600' },
];

export function StatCards({ stats, loading }: { stats: DashboardStats | undefined; loading: boolean }) {
  return (
    <section aria-label="Estatísticas" aria-busy={loading || undefined}>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {CARDS.map(({ label, key, to, icon: Icon, tone }) => (
          <li key={key}>
            <Link
              to={to}
              className="group flex h-full flex-col rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm transition-all hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md sm:p-5"
            >
              <span className={`flex size-10 items-center justify-center rounded-xl ${tone}`}>
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="mt-4 text-sm font-medium text-slate-500">{label}</span>
              <span className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-3xl">
                {stats ? formatNumber(stats[key]) : loading ? <Skeleton /> : '—'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Skeleton() {
  return <span aria-hidden="true" className="inline-block h-8 w-12 animate-pulse rounded-md bg-slate-100 align-middle" />;
}
