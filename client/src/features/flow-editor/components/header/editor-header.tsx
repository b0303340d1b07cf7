import { Link } from '@tanstack/react-router';
import { ArrowLeft, FlaskConical, LayoutGrid, LoaderCircle, MoreVertical, Redo2, Save, Undo2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { FlowSummary } from '@shared/flows/schemas.ts';
import { Button, buttonClasses } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../lib/cn.ts';
import type { FlowEditor } from '../../hooks/use-flow-editor.ts';
import { useFlowHeader } from '../../hooks/use-flow-header.ts';
import { useToastsBelow } from '../../hooks/use-toasts-below.ts';
import { AnalyticsChip } from './analytics-chip.tsx';

type Props = { flow: FlowSummary; editor: FlowEditor; phone: boolean; onOrganize: () => void; onTest: () => void };

/**
 * docs/product.md#screen-flow-editor header: back, editable name, analytics chip, undo/redo, saving state, active toggle, Salvar, and
 * Organizar / Testar. On a phone it folds into one compact bar: back, the name (cut with an ellipsis, still
 * editable), Salvar and a menu with the rest.
 */
export function EditorHeader({ flow, editor, phone, onOrganize, onTest }: Props) {
  const header = useFlowHeader(flow);
  const bar = useRef<HTMLElement>(null);
  useToastsBelow(bar);
  const back = (
    <Link to="/flows" aria-label="Voltar para fluxos" className={cn(buttonClasses({ variant: 'ghost', size: 'sm' }), 'shrink-0')}>
      <ArrowLeft aria-hidden="true" className="size-4" />
    </Link>
  );
  const name = (
    <input
      aria-label="Nome do fluxo"
      className="min-w-0 flex-1 truncate rounded-md border border-transparent px-2 py-1 text-base font-semibold text-slate-900 hover:border-slate-200 focus:border-brand-500 focus:outline-none"
      value={header.name}
      onChange={(event) => header.setName(event.target.value)}
      onBlur={() => void header.commitName()}
      onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
    />
  );
  const save = (
    <Button size="sm" className="shrink-0" icon={<Save aria-hidden="true" className="size-4" />} onClick={() => void editor.save()}>
      Salvar
    </Button>
  );
  const toggle = (
    <button
      type="button"
      role={phone ? 'menuitemcheckbox' : 'switch'}
      aria-checked={header.enabled}
      aria-label="Fluxo ativo"
      disabled={header.toggling}
      onClick={() => void header.toggle()}
      className={cn('flex items-center gap-2 text-sm text-slate-600', phone && 'w-full rounded-md px-3 py-2.5 hover:bg-slate-100')}
    >
      <span className={cn('relative h-5 w-9 shrink-0 rounded-full transition-colors', header.enabled ? 'bg-emerald-500' : 'bg-slate-300')}>
        <span className={cn('absolute top-0.5 size-4 rounded-full bg-white shadow transition-all', header.enabled ? 'left-4.5' : 'left-0.5')} />
      </span>
      {header.enabled ? 'Ativo' : 'Inativo'}
    </button>
  );

  if (phone) {
    return (
      <header ref={bar} className="flex items-center gap-1 border-b border-slate-200 bg-white px-2 py-1.5">
        {back}
        {name}
        {editor.saving && <LoaderCircle role="status" aria-label="Salvando…" className="size-4 shrink-0 animate-spin text-slate-500" />}
        {save}
        <OverflowMenu>
          <MenuItem icon={<Undo2 aria-hidden="true" className="size-4" />} disabled={!editor.canUndo} onClick={editor.undo}>
            Desfazer
          </MenuItem>
          <MenuItem icon={<Redo2 aria-hidden="true" className="size-4" />} disabled={!editor.canRedo} onClick={editor.redo}>
            Refazer
          </MenuItem>
          <MenuItem icon={<LayoutGrid aria-hidden="true" className="size-4" />} onClick={onOrganize}>
            Organizar
          </MenuItem>
          <MenuItem icon={<FlaskConical aria-hidden="true" className="size-4" />} onClick={onTest}>
            Testar
          </MenuItem>
          {toggle}
          <div className="px-1 py-2">
            <AnalyticsChip flowId={flow.id} />
          </div>
        </OverflowMenu>
      </header>
    );
  }

  return (
    <header ref={bar} className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-2.5">
      {back}
      {name}
      <AnalyticsChip flowId={flow.id} />
      {editor.saving && (
        <span className="flex items-center gap-1 text-xs text-slate-500">
          <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" /> Salvando…
        </span>
      )}
      <Button variant="ghost" size="sm" aria-label="Desfazer" title="Desfazer (Ctrl+Z)" disabled={!editor.canUndo} onClick={editor.undo} icon={<Undo2 aria-hidden="true" className="size-4" />} />
      <Button variant="ghost" size="sm" aria-label="Refazer" title="Refazer (Ctrl+Shift+Z)" disabled={!editor.canRedo} onClick={editor.redo} icon={<Redo2 aria-hidden="true" className="size-4" />} />
      <Button variant="outline" size="sm" icon={<LayoutGrid aria-hidden="true" className="size-4" />} onClick={onOrganize}>
        Organizar
      </Button>
      <Button variant="outline" size="sm" icon={<FlaskConical aria-hidden="true" className="size-4" />} onClick={onTest}>
        Testar
      </Button>
      {toggle}
      {save}
    </header>
  );
}

function OverflowMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => !ref.current?.contains(event.target as Node) && setOpen(false);
    const key = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', key);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', key);
    };
  }, [open]);
  return (
    <div ref={ref} className="relative shrink-0">
      <Button variant="ghost" size="sm" aria-label="Mais ações" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)} icon={<MoreVertical aria-hidden="true" className="size-4" />} />
      {open && (
        // A click on an item closes the menu (the toggle and the chip keep it open, so their state can be seen).
        <div
          role="menu"
          aria-label="Mais ações"
          className="absolute top-full right-0 z-50 mt-1 w-60 rounded-lg border border-slate-200 bg-white p-1 shadow-xl"
          onClick={(event) => (event.target as HTMLElement).closest('[role="menuitem"]') && setOpen(false)}
        >
          {children}
        </div>
      )}
    </div>
  );
}

function MenuItem({ icon, disabled, onClick, children }: { icon: ReactNode; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" role="menuitem" disabled={disabled} onClick={onClick} className="flex w-full items-center gap-2 rounded-md px-3 py-2.5 text-left text-sm text-slate-700 hover:bg-slate-100 disabled:opacity-40">
      {icon}
      {children}
    </button>
  );
}
