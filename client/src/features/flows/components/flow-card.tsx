import { Link } from '@tanstack/react-router';
import { Copy, Pencil, PlayCircle, Workflow } from 'lucide-react';
import type { FlowSummary } from '@shared/flows/schemas.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { EntityCard, RemoveButton } from '../../../components/ui/entity-card.tsx';
import { cn } from '../../../lib/cn.ts';
import { useFlowTriggers } from '../api/flow-rows.ts';
import { UserText } from '../../../components/ui/user-text.tsx';

type Props = {
  flow: FlowSummary;
  /** Its runs; undefined until the server answered. */
  executions: number | undefined;
  duplicating: boolean;
  onRemove: (flow: FlowSummary) => void;
  onToggle: (flow: FlowSummary, enabled: boolean) => void;
  onDuplicate: (flow: FlowSummary) => void;
};

const count = new Intl.NumberFormat('pt-BR');

/**
 * One flow of the list (docs/product.md#screen-flows): name, description, Ativo/Inativo, trigger type, its runs,
 * edit, duplicate, remove, toggle (docs/decisions.md#d-flows).
 */
export function FlowCard({ flow, executions, duplicating, onRemove, onToggle, onDuplicate }: Props) {
  return (
    <EntityCard
      icon={Workflow}
      title={flow.name}
      subtitle={flow.description && <p className="line-clamp-2 text-sm text-slate-500"><UserText>{flow.description}</UserText></p>}
      badge={<EnabledBadge enabled={flow.enabled} />}
      actions={
        <>
          <Link to="/flows/$flowId/edit" params={{ flowId: flow.id }} className={buttonClasses({ variant: 'outline', size: 'sm', className: 'flex-1' })}>
            <Pencil aria-hidden="true" className="size-4" />
            Editar Fluxo
          </Link>
          <Button variant="ghost" size="sm" disabled={duplicating} aria-label={`Duplicar fluxo ${flow.name}`} icon={<Copy aria-hidden="true" className="size-4" />} onClick={() => onDuplicate(flow)}>
            Duplicar
          </Button>
          <RemoveButton onClick={() => onRemove(flow)} />
        </>
      }
    >
      <div className="mt-4 flex items-center justify-between gap-3 text-sm">
        <FlowTriggers flowId={flow.id} />
        <label className="-m-1 flex cursor-pointer items-center gap-2 p-1 text-slate-600" title="Ativar ou desativar">
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
      <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-500" data-testid="flow-executions">
        <PlayCircle aria-hidden="true" className="size-4 shrink-0" />
        {executions === undefined ? '– execuções' : `${count.format(executions)} ${executions === 1 ? 'execução' : 'execuções'}`}
      </p>
    </EntityCard>
  );
}

function EnabledBadge({ enabled }: { enabled: boolean }) {
  return (
    <span
      className={cn(
        'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1',
        enabled ? 'bg-emerald-50 text-emerald-700 ring-emerald-600/20' : 'bg-slate-100 text-slate-600 ring-slate-500/20',
      )}
    >
      {enabled ? 'Ativo' : 'Inativo'}
    </span>
  );
}

function FlowTriggers({ flowId }: { flowId: string }) {
  const triggers = useFlowTriggers(flowId);
  return (
    <dl className="flex min-w-0 gap-1.5">
      <dt className="shrink-0 text-slate-500">{triggers && triggers.length > 1 ? 'Gatilhos:' : 'Gatilho:'}</dt>
      <dd className="min-w-0 truncate font-medium text-slate-700" title={triggers?.join(', ')}>
        {triggers === undefined ? '…' : triggers.length === 0 ? 'Nenhum gatilho ainda' : triggers.join(', ')}
      </dd>
    </dl>
  );
}
