import { useId, useState, type FormEvent } from 'react';
import { ACCESS_TEXTS } from '@shared/access/texts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { checkAccessUntil } from '../utils/grant-form.ts';

type Props = { current: string | null; saving: boolean; onSave: (accessUntil: string | null) => void; onCancel: () => void };

const dayOf = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('sv-SE') : '');

/** Alterar prazo: a new last day (the access ends at its close, in the viewer's time zone), or vitalício. */
export function AccessUntilForm({ current, saving, onSave, onCancel }: Props) {
  const formId = useId();
  const [day, setDay] = useState(dayOf(current));
  const [lifetime, setLifetime] = useState(current === null);
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = checkAccessUntil(day, lifetime, new Date());
    if (!result.ok) return setError(result.error);
    onSave(result.accessUntil);
  }

  return (
    <form id={formId} noValidate onSubmit={submit} aria-label="Alterar prazo" className="space-y-3 rounded-xl border border-slate-200 p-3">
      <Input label="Acesso até" type="date" disabled={lifetime} required={!lifetime} value={lifetime ? '' : day} error={error} onChange={(event) => {
          setDay(event.target.value);
          setError(undefined);
        }} data-autofocus />
      <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-slate-700">
        <input type="checkbox" className="size-5 accent-brand-600" checked={lifetime} onChange={(event) => {
            setLifetime(event.target.checked);
            setError(undefined);
          }} />
        Vitalício
      </label>
      <p className="text-xs text-slate-500">{ACCESS_TEXTS.accessUntilPast}.</p>
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onCancel} disabled={saving}>
          Cancelar
        </Button>
        <Button type="submit" size="sm" loading={saving}>
          Salvar prazo
        </Button>
      </div>
    </form>
  );
}
