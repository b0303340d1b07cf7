import { CONTACT_IMPORT_FIELD_LABELS, CONTACT_IMPORT_FIELDS, type ContactImportMapping } from '@shared/contacts/import.ts';
import { controlClasses, Field } from '../../../components/ui/field.tsx';

type Props = { columns: string[]; mapping: ContactImportMapping; onChange: (mapping: ContactImportMapping) => void };

/** One select per field, pre-filled from the header's names; the Telegram ID is required, the rest optional. */
export function ImportMapping({ columns, mapping, onChange }: Props) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Colunas do arquivo</legend>
      {CONTACT_IMPORT_FIELDS.map((field) => (
        <Field key={field} label={CONTACT_IMPORT_FIELD_LABELS[field]} required={field === 'telegramId'}>
          {(control) => (
            <select
              {...control}
              className={`${controlClasses(false)} h-11`}
              value={mapping[field] ?? ''}
              onChange={(event) => onChange({ ...mapping, [field]: event.target.value === '' ? null : Number(event.target.value) })}
            >
              <option value="">{field === 'telegramId' ? 'Escolha a coluna' : 'Não importar'}</option>
              {columns.map((column, index) => (
                <option key={`${index}-${column}`} value={index}>
                  {column || `Coluna ${index + 1}`}
                </option>
              ))}
            </select>
          )}
        </Field>
      ))}
    </fieldset>
  );
}
