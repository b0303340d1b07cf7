import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

type Props = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The switch's accessible name, shown as its title. */
  label: ReactNode;
  /** A line under the title (its accessible description): a hint, or the state spelled out. */
  description: ReactNode;
  labelClassName?: string;
  descriptionClassName?: string;
  /** The track's colour when on. */
  onClassName?: string;
};

/** An ARIA switch named by its title and described by the line under it. */
export function Switch({ checked, onChange, label, description, labelClassName, descriptionClassName, onClassName = 'bg-brand-600' }: Props) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="min-w-0">
        <p id={labelId} className={labelClassName ?? 'text-sm font-medium text-slate-700'}>
          {label}
        </p>
        <p id={descriptionId} className={descriptionClassName ?? 'text-sm text-slate-500'}>
          {description}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:ring-4 focus-visible:ring-brand-100 focus-visible:outline-none',
          checked ? onClassName : 'bg-slate-300',
        )}
      >
        <span aria-hidden="true" className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-6' : 'translate-x-1')} />
      </button>
    </div>
  );
}
