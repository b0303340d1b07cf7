import { useId, useState, type FormEvent } from 'react';
import { LABEL_COLORS, LABEL_COLOR_NAMES, LABEL_LIMITS, type Label, type LabelColor } from '@shared/labels/schemas.ts';
import { Button } from '../ui/button.tsx';
import { controlClasses } from '../ui/field.tsx';
import { LabelChip } from './label-chips.tsx';
import { labelNameIssue } from './label-rules.ts';

type Props = {
  labels: readonly Label[];
  /** The label being edited; a new one when absent. */
  editing?: Label;
  submitLabel: string;
  onSubmit: (values: { name: string; color: LabelColor }) => Promise<void> | void;
  onCancel?: () => void;
};

/** Name and colour of a label, checked on the device (shared schema, unique name) before anything is queued. */
export function LabelForm({ labels, editing, submitLabel, onSubmit, onCancel }: Props) {
  const [name, setName] = useState(editing?.name ?? '');
  const [color, setColor] = useState<LabelColor>(editing?.color ?? 'blue');
  const [error, setError] = useState<string>();
  const ids = { name: useId(), error: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const issue = labelNameIssue(name, labels, editing?.id);
    setError(issue);
    if (issue) return;
    await onSubmit({ name: name.trim(), color });
    if (!editing) setName('');
  }

  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => void submit(event)} noValidate>
      <div className="min-w-40 flex-1">
        <label htmlFor={ids.name} className="mb-1.5 block text-sm font-medium text-slate-700">
          Nome da etiqueta
        </label>
        <input
          id={ids.name}
          className={`${controlClasses(Boolean(error))} h-10`}
          value={name}
          maxLength={LABEL_LIMITS.nameMax}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <ColorSelect value={color} onChange={setColor} />
      <span className="flex h-10 items-center" aria-hidden="true">
        <LabelChip label={{ name: name.trim() || 'Prévia', color }} />
      </span>
      <div className="flex gap-2">
        <Button type="submit" size="sm" className="h-10">
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="outline" size="sm" className="h-10" onClick={onCancel}>
            Cancelar
          </Button>
        )}
      </div>
      {error && (
        <p id={ids.error} role="alert" className="w-full text-sm text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}

/** The palette by name (the chip beside it previews the colour). */
function ColorSelect({ value, onChange }: { value: LabelColor; onChange: (color: LabelColor) => void }) {
  const id = useId();
  return (
    <div className="w-36">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        Cor
      </label>
      <select id={id} className={`${controlClasses(false)} h-10`} value={value} onChange={(event) => onChange(LABEL_COLORS.find((key) => key === event.target.value) ?? value)}>
        {LABEL_COLORS.map((key) => (
          <option key={key} value={key}>
            {LABEL_COLOR_NAMES[key]}
          </option>
        ))}
      </select>
    </div>
  );
}
