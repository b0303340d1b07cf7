import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

type Props = { page: number; totalPages: number; capped?: boolean; onPage: (page: number) => void };

/**
 * 'Página X de Y' with Anterior and Próxima (docs/product.md#screen-contacts). `capped`: the server stopped counting
 * the matches of a search (docs/decisions.md#p-contacts), so Y is a lower bound ('de 50+') and Próxima stays on.
 */
export function ContactsPagination({ page, totalPages, capped = false, onPage }: Props) {
  if (totalPages <= 1 && !capped) return null;
  return (
    <nav aria-label="Paginação" className="flex items-center justify-center gap-3">
      <Button variant="outline" size="sm" icon={<ChevronLeft aria-hidden="true" className="size-4" />} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Anterior
      </Button>
      <span className="text-sm text-slate-600 tabular-nums" aria-live="polite">
        {capped && page >= totalPages ? `Página ${page}` : `Página ${page} de ${totalPages}${capped ? '+' : ''}`}
      </span>
      <Button variant="outline" size="sm" disabled={page >= totalPages && !capped} onClick={() => onPage(page + 1)}>
        Próxima
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}
