import type { InputHTMLAttributes } from 'react';

type ChoiceProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  type: 'radio' | 'checkbox';
  label: string;
  description: string;
};

/** A radio or checkbox whose whole card is its label: title first, so the accessible name starts with it. */
export function ChoiceControl({ type, label, description, ...props }: ChoiceProps) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 px-4 py-3 transition-colors hover:bg-slate-50 has-[:checked]:border-brand-300 has-[:checked]:bg-brand-50/50">
      <input type={type} className="mt-0.5 size-4 shrink-0 accent-brand-600" {...props} />
      <span>
        <span className="block text-sm font-medium text-slate-900">{label}</span>
        <span className="block text-sm text-slate-500">{description}</span>
      </span>
    </label>
  );
}
