import { Activity, AtSign, Bot, User, Users, type LucideIcon } from 'lucide-react';
import type { ContactStats } from '@shared/contacts/schemas.ts';
import { formatNumber } from '../../../lib/format.ts';

const CARDS: { label: string; key: keyof ContactStats; icon: LucideIcon; tone: string }[] = [
  { label: 'Total', key: 'total', icon: Users, tone: 'bg-indigo-50 text-indigo-600' },
  { label: 'Humanos', key: 'humans', icon: User, tone: 'bg-emerald-50 text-emerald-600' },
  { label: 'Bots', key: 'bots', icon: Bot, tone: 'bg-amber-50 text-amber-600' },
  { label: 'Com Username', key: 'withUsername', icon: AtSign, tone: 'bg-sky-50 text-sky-600' },
  { label: 'Ativos 24h', key: 'recentlyActive', icon: Activity, tone: 'bg-violet-50 text-violet-600' },
];

/** Total, Humanos, Bots, Com Username, Ativos 24h (docs/product.md#screen-contacts). */
export function ContactStatCards({ stats }: { stats: ContactStats | undefined }) {
  return (
    <section aria-label="Estatísticas de contatos" aria-busy={stats === undefined || undefined}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {CARDS.map(({ label, key, icon: Icon, tone }) => (
          <li key={key} className="rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm">
            <span className={`flex size-9 items-center justify-center rounded-xl ${tone}`}>
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span className="mt-3 block text-sm font-medium text-slate-500">{label}</span>
            <span className="mt-1 block text-2xl font-bold tracking-tight text-slate-900 tabular-nums">
              {stats ? formatNumber(stats[key]) : <span className="inline-block h-7 w-12 animate-pulse rounded bg-slate-100" />}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
