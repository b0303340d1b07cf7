import type { ReactNode } from 'react';
import { controlClasses, Field } from './field.tsx';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  required?: boolean;
  error?: string | undefined;
  helperText?: string | undefined;
  /** Marks the control invalid when the form shows its error once, above the fields. */
  invalid?: boolean;
  disabled?: boolean;
};

/** A labelled <select> with the form pieces' look (components/ui/field.tsx). */
export function SelectField({ label, value, onChange, children, required, error, helperText, invalid, disabled }: Props) {
  return (
    <Field label={label} required={required} error={error} helperText={helperText}>
      {(control) => (
        <select
          {...control}
          aria-invalid={control['aria-invalid'] ?? (invalid || undefined)}
          required={required}
          disabled={disabled}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`${controlClasses(Boolean(error) || Boolean(invalid))} h-11`}
        >
          {children}
        </select>
      )}
    </Field>
  );
}
