import { Filter, X } from 'lucide-react';
import { useFunnelName } from '../api/funnel-contacts.ts';

/** `?funnelId=`: the list shows one funnel's contacts; the chip names the funnel and removes the filter. */
export function FunnelBanner({ funnelId, onClear }: { funnelId: string; onClear?: (() => void) | undefined }) {
  const name = useFunnelName(funnelId);
  const label = `Funil: ${name.data ?? (name.isError ? 'não encontrado' : '…')}`;
  return (
    <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-600">
      <span className="inline-flex items-center gap-1.5">
        <Filter aria-hidden="true" className="size-4 shrink-0" />
        Contatos que entraram pelo funil
      </span>
      <button
        type="button"
        aria-label={`Remover filtro ${label}`}
        onClick={onClear}
        className="inline-flex min-h-8 max-w-full items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 py-1 pr-2 pl-3 font-medium text-brand-800 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span className="truncate">{label}</span>
        <X aria-hidden="true" className="size-4 shrink-0" />
      </button>
    </div>
  );
}
