import { Link } from '@tanstack/react-router';
import { Pencil, Trash2, Workflow } from 'lucide-react';
import { useId } from 'react';
import type { FlowSummary } from '@shared/flows/schemas.ts';
import { buttonClasses, Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { useFlowTriggers } from '../api/flow-rows.ts';

type Props = { flow: FlowSummary; onRemove: (flow: FlowSummary) => void; onToggle: (flow: FlowSummary, enabled: boolean) => void };

/** One flow of the list (docs/product.md#screen-flows): name, description, Ativo/Inativo, trigger type, edit, remove, toggle (docs/decisions.md#d-flows). */
export function FlowCard({ flow, onRemove, onToggle }: Props) {
  const titleId = useId();
  const triggers = useFlowTriggers(flow.id);
  return (
    <Card className="flex h-full flex-col p-5" role="article" aria-labelledby={titleId}>
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
          <Workflow aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="truncate font-semibold text-slate-900">
            {flow.name}
          </h3>
          {flow.description && <p className="line-clamp-2 text-sm text-slate-500">{flow.description}</p>}
        </div>
        <span
          className={cn(
            'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1',
            flow.enabled ? 'bg-emerald-50 text-emerald-700 ring-emerald-600/20' : 'bg-slate-100 text-slate-600 ring-slate-500/20',
          )}
        >
          {flow.enabled ? 'Ativo' : 'Inativo'}
        </span>
      </div>
      <div className="mt-4 flex items-center justify-between gap-3 text-sm">
        <dl className="flex min-w-0 gap-1.5">
          <dt className="shrink-0 text-slate-500">{triggers && triggers.length > 1 ? 'Gatilhos:' : 'Gatilho:'}</dt>
          <dd className="min-w-0 truncate font-medium text-slate-700" title={triggers?.join(', ')}>
            {triggers === undefined ? '…' : triggers.length === 0 ? 'Nenhum gatilho ainda' : triggers.join(', ')}
          </dd>
        </dl>
        <label className="flex cursor-pointer items-center gap-2 text-slate-600" title="Ativar ou desativar">
          <input
            type="checkbox"
            role="switch"
            aria-label={`Ativar fluxo ${flow.name}`}
            className="size-4 accent-brand-600"
            checked={flow.enabled}
            onChange={(event) => onToggle(flow, event.target.checked)}
          />
        </label>
      </div>
      <div className="mt-auto flex items-center gap-2 pt-5">
        <Link to="/flows/$flowId/edit" params={{ flowId: flow.id }} className={buttonClasses({ variant: 'outline', size: 'sm', className: 'flex-1' })}>
          <Pencil aria-hidden="true" className="size-4" />
          Editar Fluxo
        </Link>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-600 hover:bg-red-50 hover:text-red-700"
          icon={<Trash2 aria-hidden="true" className="size-4" />}
          onClick={() => onRemove(flow)}
        >
          Remover
        </Button>
      </div>
    </Card>
  );
}
