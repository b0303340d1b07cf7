import { Link } from '@tanstack/react-router';
import { ArrowLeft, Save } from 'lucide-react';
import { Button, buttonClasses } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../lib/cn.ts';
import type { FlowHeader } from '../../hooks/use-flow-header.ts';

/** The header's controls both layouts show: back, the editable name, Salvar, the active toggle. */
export function BackLink() {
  return (
    <Link to="/flows" aria-label="Voltar para fluxos" className={cn(buttonClasses({ variant: 'ghost', size: 'sm' }), 'shrink-0')}>
      <ArrowLeft aria-hidden="true" className="size-4" />
    </Link>
  );
}

export function NameInput({ header }: { header: FlowHeader }) {
  return (
    <input
      aria-label="Nome do fluxo"
      className="min-w-0 flex-1 truncate rounded-md border border-transparent px-2 py-1 text-base font-semibold text-slate-900 hover:border-slate-200 focus:border-brand-500 focus:outline-none"
      value={header.name}
      onChange={(event) => header.setName(event.target.value)}
      onBlur={() => void header.commitName()}
      onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
    />
  );
}

export function SaveButton({ onSave }: { onSave: () => void }) {
  return (
    <Button size="sm" className="shrink-0" icon={<Save aria-hidden="true" className="size-4" />} onClick={onSave}>
      Salvar
    </Button>
  );
}

/** A switch on a laptop; an item of the overflow menu on a phone. */
export function EnabledToggle({ header, phone }: { header: FlowHeader; phone: boolean }) {
  return (
    <button
      type="button"
      role={phone ? 'menuitemcheckbox' : 'switch'}
      aria-checked={header.enabled}
      aria-label="Fluxo ativo"
      disabled={header.toggling}
      onClick={() => void header.toggle()}
      className={cn('flex min-h-6 items-center gap-2 text-sm text-slate-600', phone && 'w-full rounded-md px-3 py-2.5 hover:bg-slate-100')}
    >
      <span className={cn('relative h-5 w-9 shrink-0 rounded-full transition-colors', header.enabled ? 'bg-emerald-500' : 'bg-slate-300')}>
        <span className={cn('absolute top-0.5 size-4 rounded-full bg-white shadow transition-all', header.enabled ? 'left-4.5' : 'left-0.5')} />
      </span>
      {header.enabled ? 'Ativo' : 'Inativo'}
    </button>
  );
}
