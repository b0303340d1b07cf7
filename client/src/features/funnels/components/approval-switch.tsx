import { useId } from 'react';
import { cn } from '../../../lib/cn.ts';

/** "Exigir aprovação": joins through the funnel's link become join requests the bot approves. */
export function ApprovalSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="min-w-0">
        <p id={labelId} className="text-sm font-medium text-slate-700">
          Exigir aprovação
        </p>
        <p id={hintId} className="text-sm text-slate-500">
          Quem usar o link pede para entrar e o bot aprova o pedido.
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:ring-4 focus-visible:ring-brand-100 focus-visible:outline-none',
          checked ? 'bg-brand-600' : 'bg-slate-300',
        )}
      >
        <span aria-hidden="true" className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-6' : 'translate-x-1')} />
      </button>
    </div>
  );
}
