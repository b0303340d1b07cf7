import { Search } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import type { Contact } from '@shared/contacts/schemas.ts';
import { controlClasses } from '../../../components/ui/field.tsx';
import { formatNumber } from '../../../lib/format.ts';
import type { BroadcastForm } from '../hooks/use-broadcast-form.ts';
import { audienceCount, displayName, searchAudience } from '../utils/audience.ts';

/** Shown at once; the rest appear as the search narrows them (a bot can have many thousands of contacts). */
const VISIBLE = 200;

type Props = { form: BroadcastForm; audience: Contact[] | undefined };

/**
 * Todos os contatos (with the count) or selected contacts: a scrolling checkbox list with first and last name and
 * @username, searchable, from the contacts cache; bot accounts are not listed (docs/product.md#screen-broadcast-form).
 */
export function AudiencePicker({ form, audience }: Props) {
  const { targetType, contactIds } = form.values;
  const [query, setQuery] = useState('');
  const search = useDeferredValue(query);
  const matched = useMemo(() => (audience ? searchAudience(audience, search) : []), [audience, search]);
  const selected = useMemo(() => new Set(contactIds), [contactIds]);
  const total = audience?.length;
  const count = audience ? audienceCount(audience, targetType, contactIds) : undefined;

  const toggle = (id: string, on: boolean) => form.set('contactIds', on ? [...contactIds, id] : contactIds.filter((item) => item !== id));

  return (
    <div className="space-y-3">
      <div role="radiogroup" aria-label="Público" className="grid gap-2 sm:grid-cols-2">
        <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 p-3 has-checked:border-brand-500 has-checked:bg-brand-50/50">
          <input type="radio" name="targetType" checked={targetType === 'ALL'} onChange={() => form.set('targetType', 'ALL')} className="size-4 accent-brand-600" />
          <span>
            <span className="block text-sm font-medium text-slate-900">Todos os contatos</span>
            <span className="block text-xs text-slate-500">{total === undefined ? 'Contando…' : `${formatNumber(total)} contatos`}</span>
          </span>
        </label>
        <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 p-3 has-checked:border-brand-500 has-checked:bg-brand-50/50">
          <input type="radio" name="targetType" checked={targetType === 'SELECTED'} onChange={() => form.set('targetType', 'SELECTED')} className="size-4 accent-brand-600" />
          <span>
            <span className="block text-sm font-medium text-slate-900">Contatos selecionados</span>
            <span className="block text-xs text-slate-500">Escolha quem recebe</span>
          </span>
        </label>
      </div>
      <p data-testid="audience-count" className="text-sm font-medium text-slate-700" aria-live="polite">
        {count === undefined ? 'Público: contando…' : `Público: ${formatNumber(count)} ${count === 1 ? 'contato' : 'contatos'}`}
      </p>
      {targetType === 'SELECTED' && (
        <div className="space-y-2">
          <label className="relative block">
            <span className="sr-only">Buscar contatos</span>
            <Search aria-hidden="true" className="pointer-events-none absolute top-3 left-3 size-4 text-slate-400" />
            <input type="search" value={query} placeholder="Buscar por nome ou @username" className={`${controlClasses(false)} h-10 pl-9`} onChange={(event) => setQuery(event.target.value)} />
          </label>
          <ul aria-label="Contatos do bot" className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200">
            {audience === undefined ? (
              <li className="p-3 text-sm text-slate-500">Carregando contatos…</li>
            ) : matched.length === 0 ? (
              <li className="p-3 text-sm text-slate-500">{audience.length === 0 ? 'Este bot ainda não tem contatos.' : 'Nenhum contato encontrado.'}</li>
            ) : (
              matched.slice(0, VISIBLE).map((contact) => (
                <li key={contact.id}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2.5 hover:bg-slate-50">
                    <input type="checkbox" className="size-4 accent-brand-600" checked={selected.has(contact.id)} onChange={(event) => toggle(contact.id, event.target.checked)} />
                    <span className="min-w-0">
                      <span className="block truncate text-sm text-slate-900">{displayName(contact)}</span>
                      {contact.username && <span className="block truncate text-xs text-slate-500">@{contact.username}</span>}
                    </span>
                  </label>
                </li>
              ))
            )}
          </ul>
          {matched.length > VISIBLE && <p className="text-xs text-slate-500">Mostrando {VISIBLE} de {formatNumber(matched.length)}: refine a busca para ver os outros.</p>}
          {form.errors.contactIds && (
            <p role="alert" className="text-sm text-red-600">
              {form.errors.contactIds}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
