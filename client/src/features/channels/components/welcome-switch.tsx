import { useId } from 'react';
import { cn } from '../../../lib/cn.ts';

type Props = { enabled: boolean; onChange: (enabled: boolean) => void; /** An inactive bot sends nothing, whatever the switch says. */ botActive?: boolean };

/** The master switch of docs/product.md#screen-channel: an ARIA switch named by its title, its state spelled out next to it. */
export function WelcomeSwitch({ enabled, onChange, botActive = true }: Props) {
  const status = !enabled ? 'Desativada' : botActive ? 'Ativa e funcionando' : 'Ativada, mas o bot está desativado: nada é enviado';
  const labelId = useId();
  const statusId = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <p id={labelId} className="font-medium text-slate-900">
          Mensagem de boas-vindas
        </p>
        <p id={statusId} className={cn('text-sm', !enabled ? 'text-slate-500' : botActive ? 'text-emerald-600' : 'text-amber-700')}>
          {status}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={enabled}
        aria-labelledby={labelId}
        aria-describedby={statusId}
        onClick={() => onChange(!enabled)}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:ring-4 focus-visible:ring-brand-100 focus-visible:outline-none',
          enabled ? 'bg-emerald-500' : 'bg-slate-300',
        )}
      >
        <span aria-hidden="true" className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', enabled ? 'translate-x-6' : 'translate-x-1')} />
      </button>
    </div>
  );
}
