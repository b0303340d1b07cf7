import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Bot } from '@shared/bots/schemas.ts';
import { BROADCAST_STATUS_LABELS, BROADCAST_STATUSES, type BroadcastStatus } from '@shared/broadcasts/status-machine.ts';
import { controlClasses } from '../../../components/ui/field.tsx';

/** The list's place in the address: page, bot, status and search. */
export type BroadcastListSearch = { page?: number | undefined; botId?: string | undefined; status?: BroadcastStatus | undefined; q?: string | undefined };
export type ListFilters = { search: string; botId: string | undefined; status: BroadcastStatus | undefined };

type Props = { filters: ListFilters; bots: Bot[] | undefined; onChange: (changes: Partial<ListFilters>) => void };

const selectClass = `${controlClasses(false)} h-11`;

/** Search by name, bot ('Todos os bots') and status (all six). The search reaches the address after a pause in typing. */
export function BroadcastsToolbar({ filters, bots, onChange }: Props) {
  const [search, setSearch] = useState(filters.search);
  const [typed, setTyped] = useState(filters.search);
  // The address changed (back button, a link): the box follows it.
  if (filters.search !== typed) {
    setTyped(filters.search);
    setSearch(filters.search);
  }
  useEffect(() => {
    if (search === filters.search) return undefined;
    const timer = setTimeout(() => {
      setTyped(search);
      onChange({ search });
    }, 300);
    return () => clearTimeout(timer);
  }, [search, filters.search, onChange]);

  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <label className="relative block flex-1">
        <span className="mb-1.5 block text-sm font-medium text-slate-700">Buscar disparos</span>
        <Search aria-hidden="true" className="pointer-events-none absolute bottom-3.5 left-3 size-4 text-slate-400" />
        <input type="search" value={search} placeholder="Nome do disparo" className={`${selectClass} pl-9`} onChange={(event) => setSearch(event.target.value)} />
      </label>
      <div className="grid grid-cols-2 gap-3 md:flex">
        <label className="block md:w-48">
          <span className="mb-1.5 block text-sm font-medium text-slate-700">Bot</span>
          <select className={selectClass} value={filters.botId ?? ''} onChange={(event) => onChange({ botId: event.target.value || undefined })}>
            <option value="">Todos os bots</option>
            {(bots ?? []).map((bot) => (
              <option key={bot.id} value={bot.id}>
                {bot.name}
              </option>
            ))}
          </select>
        </label>
        <label className="block md:w-44">
          <span className="mb-1.5 block text-sm font-medium text-slate-700">Status</span>
          <select className={selectClass} value={filters.status ?? ''} onChange={(event) => onChange({ status: (event.target.value || undefined) as BroadcastStatus | undefined })}>
            <option value="">Todos os status</option>
            {BROADCAST_STATUSES.map((status) => (
              <option key={status} value={status}>
                {BROADCAST_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}
