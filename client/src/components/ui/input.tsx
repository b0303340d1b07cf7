import type { InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClasses, Field } from './field.tsx';

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: string;
  helperText?: string;
  id?: string;
};

export function Input({ label, error, helperText, required, id, className, ...props }: InputProps) {
  return (
    <Field label={label} required={required} error={error} helperText={helperText} id={id} className={className}>
      {(control) => <input {...control} required={required} className={cn(controlClasses(Boolean(error)), 'h-11')} {...props} />}
    </Field>
  );
}
