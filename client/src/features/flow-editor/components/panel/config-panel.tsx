import { Save, Trash2, X } from 'lucide-react';
import { useCallback, useRef, type Ref } from 'react';
import type { FlowNode } from '@shared/flows/graph.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../lib/cn.ts';
import { useToastsLeftOf } from '../../../../lib/use-toasts-below.ts';
import { SideToggle } from '../workspace/side-rail.tsx';
import { TextField } from './controls.tsx';
import { NodeFields } from './node-fields.tsx';
import { useNodeDraft } from './use-node-draft.ts';

type Props = {
  node: FlowNode;
  onSave: (patch: { label: string; config: Record<string, unknown> }) => void;
  onDelete: () => void;
  onClose: () => void;
  /** A laptop's "Recolher painel": the panel shrinks to a rail, the node stays selected. */
  onCollapse?: (() => void) | undefined;
  /** A full-width sheet over the bottom of a phone's screen instead of the right column. */
  phone?: boolean;
  panelRef?: Ref<HTMLElement>;
  /** The callback values the bot's flows answer (trigger_button_clicked), to flag a button nobody answers. */
  listened?: ReadonlySet<string> | undefined;
};

/** The right panel (docs/product.md#state-flow-editor): the selected node's data as a draft; Salvar writes it back to the node. */
export function ConfigPanel({ node, onSave, onDelete, onClose, onCollapse, phone = false, panelRef, listened }: Props) {
  const { label, setLabel, draft, save, warning, invalid } = useNodeDraft(node, onSave);
  const column = useRef<HTMLElement | null>(null);
  // The editor's toasts (one per edit) would otherwise land on this column's close button.
  useToastsLeftOf(column, !phone);
  const refs = useCallback((element: HTMLElement | null) => {
    column.current = element;
    if (typeof panelRef === 'function') panelRef(element);
    else if (panelRef) panelRef.current = element;
  }, [panelRef]);
  return (
    <aside
      ref={refs}
      aria-label="Configuração do nó"
      className={cn(
        'flex flex-col bg-white',
        phone ? 'fixed inset-x-0 bottom-0 z-40 max-h-[55dvh] w-full rounded-t-2xl border-t border-slate-200 shadow-2xl' : 'w-80 shrink-0 border-l border-slate-200',
      )}
    >
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
        {onCollapse && <SideToggle side="right" label="Recolher painel do nó" expanded onClick={onCollapse} className="-ml-2" />}
        <h2 className="mr-auto text-sm font-semibold text-slate-900">Configurar nó</h2>
        <button type="button" aria-label="Fechar painel" className="rounded p-1 text-slate-400 hover:bg-slate-100" onClick={onClose}>
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <div className="min-h-0 flex-1 space-y-3 overflow-y-auto overscroll-contain px-4 py-3">
        <TextField label="Nome do nó" value={label} onChange={setLabel} />
        <NodeFields subType={node.subType} flowId={node.flowId} draft={draft} listened={listened} />
      </div>
      {invalid !== undefined && (
        <p role="alert" className="shrink-0 border-t border-red-200 bg-red-50 px-4 py-2 text-xs text-red-800">
          {invalid} O nó não foi salvo.
        </p>
      )}
      {warning !== undefined && (
        <p role="alert" className="shrink-0 border-t border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-800">
          {warning} O usuário receberia o texto assim. Corrija ou salve assim mesmo.
        </p>
      )}
      <div className="flex shrink-0 gap-2 border-t border-slate-100 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        <Button size="sm" className="flex-1" icon={<Save aria-hidden="true" className="size-4" />} onClick={save}>
          {warning !== undefined ? 'Salvar assim mesmo' : 'Salvar nó'}
        </Button>
        <Button size="sm" variant="outline" className="text-red-600" icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={onDelete}>
          Excluir
        </Button>
      </div>
    </aside>
  );
}
