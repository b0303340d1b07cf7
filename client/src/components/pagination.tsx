import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './ui/button.tsx';

type Props = { page: number; totalPages: number; onPage: (page: number) => void; label?: string };

/** 'Página X de Y' with Anterior and Próxima, shown only with more than one page. */
export function Pagination({ page, totalPages, onPage, label = 'Paginação' }: Props) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3">
      <Button variant="outline" size="sm" icon={<ChevronLeft aria-hidden="true" className="size-4" />} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Anterior
      </Button>
      <span className="text-sm text-slate-600 tabular-nums" aria-live="polite">
        Página {page} de {totalPages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Próxima
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}
