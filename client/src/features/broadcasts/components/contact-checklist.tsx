import { Search } from 'lucide-react';
import { useDeferredValue, useMemo } from 'react';
import type { Contact } from '@shared/contacts/schemas.ts';
import { controlClasses } from '../../../components/ui/field.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { displayName, searchAudience } from '../utils/audience.ts';
import { UserText } from '../../../components/ui/user-text.tsx';

/** Shown at once; the rest appear as the search narrows them (a bot can have many thousands of contacts). */
const VISIBLE = 200;

type Props = {
  audience: Contact[] | undefined;
  query: string;
  onQuery: (query: string) => void;
  selectedIds: string[];
  error: string | undefined;
  onChange: (ids: string[]) => void;
};

/** A scrolling, searchable checkbox list with first and last name and @username; bot accounts are not listed. */
export function ContactChecklist({ audience, query, onQuery, selectedIds, error, onChange }: Props) {
  const search = useDeferredValue(query);
  const matched = useMemo(() => (audience ? searchAudience(audience, search) : []), [audience, search]);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  const toggle = (id: string, on: boolean) => onChange(on ? [...selectedIds, id] : selectedIds.filter((item) => item !== id));
  const note = (text: string) => <li className="p-3 text-sm text-slate-500">{text}</li>;
  return (
    <div className="space-y-2">
      <label className="relative block">
        <span className="sr-only">Buscar contatos</span>
        <Search aria-hidden="true" className="pointer-events-none absolute top-3 left-3 size-4 text-slate-400" />
        <input type="search" value={query} placeholder="Buscar por nome ou @username" className={`${controlClasses(false)} h-10 pl-9`} onChange={(event) => onQuery(event.target.value)} />
      </label>
      <ul aria-label="Contatos do bot" className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200">
        {audience === undefined
          ? note('Carregando contatos…')
          : matched.length === 0
            ? note(audience.length === 0 ? 'Este bot ainda não tem contatos.' : 'Nenhum contato encontrado.')
            : matched.slice(0, VISIBLE).map((contact) => (
                <li key={contact.id}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2.5 hover:bg-slate-50">
                    <input type="checkbox" className="size-4 accent-brand-600" checked={selected.has(contact.id)} onChange={(event) => toggle(contact.id, event.target.checked)} />
                    <span className="min-w-0">
                      <span className="block truncate text-sm text-slate-900"><UserText>{displayName(contact)}</UserText></span>
                      {contact.username && <span className="block truncate text-xs text-slate-500"><UserText>{`@${contact.username}`}</UserText></span>}
                    </span>
                  </label>
                </li>
              ))}
      </ul>
      {matched.length > VISIBLE && <p className="text-xs text-slate-500">Mostrando {VISIBLE} de {formatNumber(matched.length)}: refine a busca para ver os outros.</p>}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
