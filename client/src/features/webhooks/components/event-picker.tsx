import { useEffect, useId, useRef } from 'react';
import { SUBSCRIBABLE_EVENT_TYPES, WEBHOOK_EVENT_GROUPS, type SubscribableEventType } from '@shared/webhooks/events.ts';
import { WEBHOOK_SCREEN_TEXTS } from '@shared/webhooks/texts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { groupState, toggleAll, toggleEvent, toggleGroup, type GroupState } from '../utils/event-selection.ts';

type Props = { selected: SubscribableEventType[]; onChange: (events: SubscribableEventType[]) => void; error?: string | undefined };

const isSubscribable = (type: string): type is SubscribableEventType => SUBSCRIBABLE_EVENT_TYPES.some((known) => known === type);

/** The subscribable events by area; the test event is sent on request, never subscribed to. */
const GROUPS = WEBHOOK_EVENT_GROUPS.map((group) => ({
  label: group.label,
  events: group.events.flatMap((event) => (isSubscribable(event.type) ? [{ type: event.type, label: event.label }] : [])),
}));

/** A native checkbox that can show "some of the area" (aria-checked mixed comes with the indeterminate property). */
function AreaCheckbox({ state, label, onToggle }: { state: GroupState; label: string; onToggle: () => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <label className="flex min-h-6 items-center gap-2 text-sm font-semibold text-slate-800">
      <input ref={ref} type="checkbox" className="size-4 accent-brand-600" checked={state === 'all'} onChange={onToggle} aria-label={`Todos de ${label}`} />
      {label}
    </label>
  );
}

/** The events a subscription wants, chosen one by one or by area, with the count chosen (docs/product.md#screen-webhooks). */
export function EventPicker({ selected, onChange, error }: Props) {
  const errorId = useId();
  const everything = selected.length === SUBSCRIBABLE_EVENT_TYPES.length;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">Eventos</legend>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <span data-testid="events-chosen" className="text-xs text-slate-500">
          {`${WEBHOOK_SCREEN_TEXTS.eventsCount(selected.length)} de ${SUBSCRIBABLE_EVENT_TYPES.length}`}
        </span>
        <Button variant="outline" size="sm" onClick={() => onChange(toggleAll(selected))}>
          {everything ? 'Limpar seleção' : 'Selecionar todos'}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {GROUPS.map((group) => (
          <div key={group.label} role="group" aria-label={group.label} className="rounded-lg border border-slate-200 p-3">
            <AreaCheckbox
              label={group.label}
              state={groupState(selected, group.events.map((event) => event.type))}
              onToggle={() => onChange(toggleGroup(selected, group.events.map((event) => event.type)))}
            />
            <ul className="mt-2 space-y-1 pl-6">
              {group.events.map((event) => (
                <li key={event.type}>
                  <label className="flex min-h-6 items-center gap-2 text-sm text-slate-700">
                    <input type="checkbox" className="size-4 accent-brand-600" checked={selected.includes(event.type)} onChange={() => onChange(toggleEvent(selected, event.type))} />
                    <span>{event.label}</span>
                    <code className="ml-auto hidden font-mono text-xs text-slate-500 sm:inline">{event.type}</code>
                  </label>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
