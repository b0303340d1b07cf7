import { Search } from 'lucide-react';
import type { Bot } from '@shared/bots/schemas.ts';
import type { ContactFilter, ContactSortField } from '@shared/contacts/schemas.ts';
import { LabelFilter } from '../../../components/labels/label-filter.tsx';
import { controlClasses } from '../../../components/ui/field.tsx';
import type { ContactQuery } from '../utils/contact-query.ts';

const SORTS: { value: `${ContactSortField}:${'asc' | 'desc'}`; label: string }[] = [
  { value: 'lastInteractionAt:desc', label: 'Última interação (mais recente)' },
  { value: 'lastInteractionAt:asc', label: 'Última interação (mais antiga)' },
  { value: 'firstName:asc', label: 'Nome (A–Z)' },
  { value: 'firstName:desc', label: 'Nome (Z–A)' },
  { value: 'messageCount:desc', label: 'Mais mensagens' },
  { value: 'createdAt:desc', label: 'Mais novos' },
  { value: 'createdAt:asc', label: 'Mais antigos' },
];

const FILTERS: { value: ContactFilter; label: string }[] = [
  { value: 'all', label: 'Todos' },
  { value: 'humans', label: 'Humanos' },
  { value: 'bots', label: 'Bots' },
];

type Props = {
  query: ContactQuery;
  onChange: (changes: Partial<ContactQuery>) => void;
  /** The global page's bot filter: shown only with more than one bot (docs/product.md#screen-contacts). */
  bots?: Bot[] | undefined;
};

const selectClass = `${controlClasses(false)} h-11`;

/** Search, Todos/Humanos/Bots, the label, sort and, on the global page, the bot. Every change goes back to page 1. */
export function ContactsToolbar({ query, onChange, bots }: Props) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:flex lg:flex-row lg:items-end">
      <label className="relative col-span-2 block flex-1">
        <span className="mb-1.5 block text-sm font-medium text-slate-700">Buscar contatos</span>
        <Search aria-hidden="true" className="pointer-events-none absolute bottom-3.5 left-3 size-4 text-slate-400" />
        <input
          type="search"
          value={query.search}
          placeholder="Nome, @username ou ID do Telegram"
          className={`${selectClass} pl-9`}
          onChange={(event) => onChange({ search: event.target.value, page: 1 })}
        />
      </label>
      <label className="block lg:w-40">
        <span className="mb-1.5 block text-sm font-medium text-slate-700">Tipo</span>
        <select className={selectClass} value={query.filter} onChange={(event) => onChange({ filter: event.target.value as ContactFilter, page: 1 })}>
          {FILTERS.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </select>
      </label>
      {bots && bots.length > 1 && (
        <label className="col-span-2 block lg:w-48">
          <span className="mb-1.5 block text-sm font-medium text-slate-700">Bot</span>
          <select className={selectClass} value={query.botId ?? ''} onChange={(event) => onChange({ botId: event.target.value || undefined, page: 1 })}>
            <option value="">Todos os bots</option>
            {bots.map((bot) => (
              <option key={bot.id} value={bot.id}>
                {bot.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <LabelFilter className="block lg:w-48" value={query.label} onChange={(label) => onChange({ label, page: 1 })} />
      <label className="block lg:w-64">
        <span className="mb-1.5 block text-sm font-medium text-slate-700">Ordenar por</span>
        <select
          className={selectClass}
          value={`${query.sortBy}:${query.sortOrder}`}
          onChange={(event) => {
            const [sortBy, sortOrder] = event.target.value.split(':') as [ContactSortField, 'asc' | 'desc'];
            onChange({ sortBy, sortOrder, page: 1 });
          }}
        >
          {SORTS.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
