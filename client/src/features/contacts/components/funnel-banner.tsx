import { Filter, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

/** `?funnelId=`: says the list shows one funnel's contacts, with the button that clears the filter. */
export function FunnelBanner({ onClear }: { onClear?: (() => void) | undefined }) {
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-2xl border border-brand-200 bg-brand-50 px-4 py-3 text-brand-800">
      <Filter aria-hidden="true" className="size-5 shrink-0" />
      <p className="flex-1 text-sm font-medium">Mostrando apenas os contatos que entraram por um funil.</p>
      <Button variant="outline" size="sm" icon={<X aria-hidden="true" className="size-4" />} onClick={onClear}>
        Limpar filtro
      </Button>
    </div>
  );
}
