import { Activity, AtSign, Bot, User, Users } from 'lucide-react';
import type { ContactStats } from '@shared/contacts/schemas.ts';
import { StatCards } from '../../../components/stat-cards.tsx';
import { formatNumber } from '../../../lib/format.ts';

const CARDS = [
  { label: 'Total', key: 'total', icon: Users, tone: 'bg-indigo-50 text-indigo-600' },
  { label: 'Humanos', key: 'humans', icon: User, tone: 'bg-emerald-50 text-emerald-600' },
  { label: 'Bots', key: 'bots', icon: Bot, tone: 'bg-amber-50 text-amber-600' },
  { label: 'Com Username', key: 'withUsername', icon: AtSign, tone: 'bg-sky-50 text-sky-600' },
  { label: 'Ativos 24h', key: 'recentlyActive', icon: Activity, tone: 'bg-violet-50 text-violet-600' },
] as const;

/** Total, Humanos, Bots, Com Username, Ativos 24h (docs/product.md#screen-contacts). */
export function ContactStatCards({ stats }: { stats: ContactStats | undefined }) {
  const cards = CARDS.map(({ key, ...card }) => ({ ...card, value: stats ? formatNumber(stats[key]) : undefined }));
  // On a phone the five figures are one compact row: the first screen shows contacts, not only statistics.
  return <StatCards label="Estatísticas de contatos" cards={cards} compactOnPhone gridClassName="max-sm:gap-1.5 grid-cols-5 sm:grid-cols-3 lg:grid-cols-5" />;
}
