import { Link } from '@tanstack/react-router';
import { ArrowLeft, Check, CloudUpload, LoaderCircle } from 'lucide-react';
import { buttonClasses } from '../../../../components/ui/button.tsx';
import { useSyncSnapshot } from '../../../../offline/hooks.ts';
import { cn } from '../../../../lib/cn.ts';
import type { SaveState } from '../../hooks/use-flow-editor.ts';
import type { FlowHeader } from '../../hooks/use-flow-header.ts';

/** The header's controls both layouts show: back, the editable name, the save state, the active toggle. */
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

const SAVE_STATE_TEXTS = { saved: 'Salvo', saving: 'Salvando…', pending: 'Alterações pendentes' } as const;

/**
 * Every edit saves itself (docs/product.md#state-flow-editor): the header says where the last ones are. Offline,
 * saved means on this device, and it says so.
 */
export function SaveStatus({ state, phone }: { state: SaveState; phone: boolean }) {
  const { online } = useSyncSnapshot();
  const text = state === 'saved' && !online ? 'Salvo neste aparelho' : SAVE_STATE_TEXTS[state];
  const Icon = state === 'saved' ? Check : state === 'saving' ? LoaderCircle : CloudUpload;
  return (
    <span role="status" data-testid="save-state" data-state={state} title={text} className="flex shrink-0 items-center gap-1 text-xs text-slate-500">
      <Icon aria-hidden="true" className={cn('size-3.5', state === 'saving' && 'animate-spin', state === 'saved' && 'text-emerald-600')} />
      <span className={cn(phone && 'sr-only')}>{text}</span>
    </span>
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
