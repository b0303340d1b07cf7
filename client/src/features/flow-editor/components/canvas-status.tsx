import { EDITOR_TEXTS } from '../api/editor-texts.ts';

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
