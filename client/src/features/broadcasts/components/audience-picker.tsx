import { useState } from 'react';
import type { Contact } from '@shared/contacts/schemas.ts';
import { formatNumber } from '../../../lib/format.ts';
import type { BroadcastForm } from '../hooks/use-broadcast-form.ts';
import { audienceCount } from '../utils/audience.ts';
import { AudienceChoice } from './audience-choice.tsx';
import { ContactChecklist } from './contact-checklist.tsx';

type Props = { form: BroadcastForm; audience: Contact[] | undefined };

/**
 * Todos os contatos (with the count) or selected contacts, picked from the contacts cache
 * (docs/product.md#screen-broadcast-form); the audience's size follows the choice.
 */
export function AudiencePicker({ form, audience }: Props) {
  const { targetType, contactIds } = form.values;
  // Kept here so the search survives switching to 'Todos' and back.
  const [query, setQuery] = useState('');
  const count = audience ? audienceCount(audience, targetType, contactIds) : undefined;
  return (
    <div className="space-y-3">
      <AudienceChoice targetType={targetType} total={audience?.length} onChange={(next) => form.set('targetType', next)} />
      <p data-testid="audience-count" className="text-sm font-medium text-slate-700" aria-live="polite">
        {count === undefined ? 'Público: contando…' : `Público: ${formatNumber(count)} ${count === 1 ? 'contato' : 'contatos'}`}
      </p>
      {targetType === 'SELECTED' && (
        <ContactChecklist audience={audience} query={query} onQuery={setQuery} selectedIds={contactIds} error={form.errors.contactIds} onChange={(ids) => form.set('contactIds', ids)} />
      )}
    </div>
  );
}
