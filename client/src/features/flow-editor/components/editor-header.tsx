import { Link } from '@tanstack/react-router';
import { ArrowLeft, LoaderCircle, Redo2, Save, Undo2 } from 'lucide-react';
import type { FlowSummary } from '@shared/flows/schemas.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import type { FlowEditor } from '../hooks/use-flow-editor.ts';
import { useFlowHeader } from '../hooks/use-flow-header.ts';
import { AnalyticsChip } from './analytics-chip.tsx';

/** docs/product.md#screen-flow-editor header: back, editable name, analytics chip, undo/redo, saving state, active toggle, Salvar. */
export function EditorHeader({ flow, editor }: { flow: FlowSummary; editor: FlowEditor }) {
  const header = useFlowHeader(flow);
  return (
    <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-2.5">
      <Link to="/flows" aria-label="Voltar para fluxos" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
        <ArrowLeft aria-hidden="true" className="size-4" />
      </Link>
      <input
        aria-label="Nome do fluxo"
        className="min-w-0 flex-1 rounded-md border border-transparent px-2 py-1 text-base font-semibold text-slate-900 hover:border-slate-200 focus:border-brand-500 focus:outline-none"
        value={header.name}
        onChange={(event) => header.setName(event.target.value)}
        onBlur={() => void header.commitName()}
        onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
      />
      <AnalyticsChip flowId={flow.id} />
      {editor.saving && (
        <span className="flex items-center gap-1 text-xs text-slate-500">
          <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" /> Salvando…
        </span>
      )}
      <Button variant="ghost" size="sm" aria-label="Desfazer" title="Desfazer (Ctrl+Z)" disabled={!editor.canUndo} onClick={editor.undo} icon={<Undo2 aria-hidden="true" className="size-4" />} />
      <Button variant="ghost" size="sm" aria-label="Refazer" title="Refazer (Ctrl+Shift+Z)" disabled={!editor.canRedo} onClick={editor.redo} icon={<Redo2 aria-hidden="true" className="size-4" />} />
      <button
        type="button"
        role="switch"
        aria-checked={header.enabled}
        aria-label="Fluxo ativo"
        disabled={header.toggling}
        onClick={() => void header.toggle()}
        className="flex items-center gap-2 text-sm text-slate-600"
      >
        <span className={cn('relative h-5 w-9 rounded-full transition-colors', header.enabled ? 'bg-emerald-500' : 'bg-slate-300')}>
          <span className={cn('absolute top-0.5 size-4 rounded-full bg-white shadow transition-all', header.enabled ? 'left-4.5' : 'left-0.5')} />
        </span>
        {header.enabled ? 'Ativo' : 'Inativo'}
      </button>
      <Button size="sm" icon={<Save aria-hidden="true" className="size-4" />} onClick={() => void editor.save()}>
        Salvar
      </Button>
    </header>
  );
}
