import { useId, type ReactNode } from 'react';

export type FieldProps = {
  label: string;
  required?: boolean;
  error?: string;
  helperText?: string;
  id?: string;
  className?: string;
  /** Receives the ids and ARIA attributes the control must carry so label, helper and error are bound to it. */
  children: (control: { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined }) => ReactNode;
};

/** Label, required asterisk, helper and error text around one form control (docs/product.md#form-pieces). */
export function Field({ label, required, error, helperText, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const hint = error ?? helperText;
  return (
    <div className={className}>
      <label htmlFor={controlId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-500">
            *
          </span>
        )}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': hint ? hintId : undefined })}
      {error ? (
        <p id={hintId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : helperText ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-500">
          {helperText}
        </p>
      ) : null}
    </div>
  );
}

export const controlClasses = (invalid: boolean) =>
  [
    'block w-full rounded-lg border bg-white px-3.5 text-sm text-slate-900 shadow-xs transition-colors placeholder:text-slate-400',
    'focus:outline-none focus:ring-4 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
    invalid ? 'border-red-400 focus:border-red-500 focus:ring-red-100' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100',
  ].join(' ');
