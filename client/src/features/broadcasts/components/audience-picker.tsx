import { useState } from 'react';
import type { Contact } from '@shared/contacts/schemas.ts';
import { formatNumber } from '../../../lib/format.ts';
import { LabelSelect } from '../../../components/labels/label-select.tsx';
import type { BroadcastForm } from '../hooks/use-broadcast-form.ts';
import { audienceCount } from '../utils/audience.ts';
import { AudienceChoice } from './audience-choice.tsx';
import { ContactChecklist } from './contact-checklist.tsx';

type Props = { form: BroadcastForm; audience: Contact[] | undefined };

/**
 * Todos os contatos (with the count), the contacts carrying a label, or selected contacts, picked from the contacts
 * cache (docs/product.md#screen-broadcast-form); the audience's size follows the choice, counted by the send's rule.
 */
export function AudiencePicker({ form, audience }: Props) {
  const { targetType, contactIds, labelId } = form.values;
  // Kept here so the search survives switching to 'Todos' and back.
  const [query, setQuery] = useState('');
  const count = audience ? audienceCount(audience, targetType, contactIds, labelId) : undefined;
  return (
    <div className="space-y-3">
      <AudienceChoice targetType={targetType} total={audience?.length} onChange={(next) => form.set('targetType', next)} />
      <p data-testid="audience-count" className="text-sm font-medium text-slate-700" aria-live="polite">
        {count === undefined ? 'Público: contando…' : `Público: ${formatNumber(count)} ${count === 1 ? 'contato' : 'contatos'}`}
      </p>
      {targetType === 'LABEL' && <LabelSelect value={labelId} error={form.errors.labelId} onChange={(id) => form.set('labelId', id)} />}
      {targetType === 'SELECTED' && (
        <ContactChecklist audience={audience} query={query} onQuery={setQuery} selectedIds={contactIds} error={form.errors.contactIds} onChange={(ids) => form.set('contactIds', ids)} />
      )}
    </div>
  );
}
