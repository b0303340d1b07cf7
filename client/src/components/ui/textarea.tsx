import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClasses, Field } from './field.tsx';

export type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  error?: string;
  helperText?: string;
  id?: string;
  /** React 19 passes ref as a prop; callers that manage the caret (variable insertion) need the element. */
  ref?: Ref<HTMLTextAreaElement>;
};

export function Textarea({ label, error, helperText, required, id, className, rows = 4, ...props }: TextareaProps) {
  return (
    <Field label={label} required={required} error={error} helperText={helperText} id={id} className={className}>
      {(control) => (
        <textarea {...control} rows={rows} required={required} className={cn(controlClasses(Boolean(error)), 'py-2.5')} {...props} />
      )}
    </Field>
  );
}
