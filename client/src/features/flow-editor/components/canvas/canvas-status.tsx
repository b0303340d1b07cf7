import { MousePointerClick } from 'lucide-react';
import { EDITOR_TEXTS } from '../../api/editor-texts.ts';

/** The node/connection counter and, with 2+ nodes and no connection, the hint on how to connect (docs/product.md#screen-flow-editor). */
export function CanvasStatus({ nodes, connections }: { nodes: number; connections: number }) {
  return (
    <div className="pointer-events-none absolute top-3 left-3 flex flex-col items-start gap-2">
      <p role="status" className="rounded-lg bg-white/90 px-3 py-1.5 text-xs font-medium text-slate-600 shadow-sm ring-1 ring-slate-200">
        {nodes} {nodes === 1 ? 'nó' : 'nós'} · {connections} {connections === 1 ? 'conexão' : 'conexões'}
      </p>
      {nodes >= 2 && connections === 0 && <p className="rounded-lg bg-amber-50 px-3 py-1.5 text-xs text-amber-800 shadow-sm ring-1 ring-amber-200">{EDITOR_TEXTS.connectHint}</p>}
    </div>
  );
}

/** An empty flow says what to do first; it goes away with the first node. */
export function EmptyCanvasHint({ phone }: { phone: boolean }) {
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center p-6">
      <div role="note" aria-labelledby="empty-canvas-title" className="max-w-xs rounded-xl bg-white/95 px-5 py-4 text-center shadow-sm ring-1 ring-slate-200">
        <MousePointerClick aria-hidden="true" className="mx-auto mb-2 size-6 text-brand-600" />
        <p id="empty-canvas-title" className="text-sm font-semibold text-slate-800">{EDITOR_TEXTS.emptyTitle}</p>
        <p className="mt-1 text-sm text-slate-600">{phone ? EDITOR_TEXTS.emptyHintPhone : EDITOR_TEXTS.emptyHintLaptop}</p>
      </div>
    </div>
  );
}
