import { balanceBidi } from '@shared/text/invisible.ts';
import { controlClasses, Field } from '../ui/field.tsx';
import { useLabels } from './use-labels.ts';

type Props = { value: string; onChange: (labelId: string) => void; error?: string | undefined };

/** The required "Etiqueta" of a form (a broadcast to a label's contacts), from the cached labels. */
export function LabelSelect({ value, onChange, error }: Props) {
  const labels = useLabels() ?? [];
  return (
    <Field label="Etiqueta" required error={error} helperText={labels.length === 0 ? 'Nenhuma etiqueta criada ainda: crie em Contatos › Etiquetas.' : undefined}>
      {(control) => (
        <select {...control} className={`${controlClasses(Boolean(error))} h-11`} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">Selecione uma etiqueta</option>
          {labels.map((label) => (
            <option key={label.id} value={label.id}>
              {balanceBidi(label.name)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
