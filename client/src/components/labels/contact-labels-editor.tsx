import { Tags } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { LABEL_LIMITS, LABEL_TEXTS } from '@shared/labels/schemas.ts';
import { useCached, useMutate } from '../../offline/hooks.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../ui/button.tsx';
import { LabelChip, LabelChips } from './label-chips.tsx';
import { useLabels } from './use-labels.ts';

/** The tick's local write has not finished yet. */
const WRITING = Symbol('writing');

type Props = {
  /** Read live from the cache, so a tick (here or on another device) shows at once. */
  contactId: string;
  /** Open the checklist at once (the contact's edit dialog); closed behind "Etiquetas" elsewhere (the chat's header). */
  defaultOpen?: boolean;
};

/**
 * The labels shown ticked and the toggle that queues `contact.setLabels`. What was just ticked shows at once and stays
 * until the cache has moved on after the local write: a row written meanwhile (the server's answer to an earlier
 * tick) must not flip the box back for a moment.
 */
function useContactLabels(contactId: string) {
  const labels = useLabels();
  const contact = useCached((db) => db.contacts.get(contactId), [contactId]);
  const mutate = useMutate();
  const [ticked, setTicked] = useState<{ ids: string[]; from: readonly string[] | undefined | typeof WRITING }>();
  const cachedIds = contact?.labelIds;
  const cachedRef = useRef(cachedIds);
  cachedRef.current = cachedIds;
  const known = new Set((labels ?? []).map((label) => label.id));
  const shownIds = ticked && (ticked.from === WRITING || ticked.from === cachedIds) ? ticked.ids : (cachedIds ?? []);
  // Labels deleted meanwhile are left out of the set sent (the server would refuse an unknown one).
  const current = shownIds.filter((id) => known.has(id));

  async function toggle(labelId: string, on: boolean) {
    const next = on ? [...current, labelId] : current.filter((id) => id !== labelId);
    if (next.length > LABEL_LIMITS.perContact) {
      toast.error(LABEL_TEXTS.tooManyOnContact);
      return;
    }
    setTicked({ ids: next, from: WRITING });
    await mutate('contact.setLabels', { contactId, labelIds: next });
    setTicked((shown) => (shown?.ids === next ? { ids: next, from: cachedRef.current } : shown));
  }
  return { labels, current, toggle };
}

/**
 * A contact's labels and the checklist that sets them, for every member (applying labels is the `contacts` area).
 * Each tick queues `contact.setLabels` with the whole set: visible at once, sent when there is a network, replayed
 * exactly once (docs/offline-sync.md#rule-3).
 */
export function ContactLabelsEditor({ contactId, defaultOpen = false }: Props) {
  const { labels, current, toggle } = useContactLabels(contactId);
  const [open, setOpen] = useState(defaultOpen);
  const listId = useId();

  return (
    <section aria-label="Etiquetas do contato" className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <LabelChips labelIds={current} labels={labels} />
        {!defaultOpen && (
          <Button variant="outline" size="sm" icon={<Tags aria-hidden="true" className="size-4" />} aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
            Etiquetas
          </Button>
        )}
      </div>
      {open && (
        <fieldset id={listId} className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">Etiquetas</legend>
          {labels && labels.length === 0 ? (
            <p className="text-sm text-slate-500">Nenhuma etiqueta criada ainda.</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {(labels ?? []).map((label) => (
                <li key={label.id}>
                  <label className="flex min-h-8 cursor-pointer items-center gap-2 rounded-md px-1 hover:bg-slate-50">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-600"
                      checked={current.includes(label.id)}
                      onChange={(event) => void toggle(label.id, event.target.checked)}
                    />
                    <LabelChip label={label} />
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      )}
    </section>
  );
}
