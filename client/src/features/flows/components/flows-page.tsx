import { Plus, Workflow } from 'lucide-react';
import { useState } from 'react';
import type { FlowSummary } from '@shared/flows/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useFirstLoadFailed } from '../../../offline/hooks.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { useFlows } from '../api/flow-rows.ts';
import { FLOW_TOASTS, REMOVE_FLOW_QUESTION } from '../api/flow-texts.ts';
import { useRemoveFlow, useToggleFlow } from '../api/flow-writes.ts';
import { CreateFlowModal } from './create-flow-modal.tsx';
import { FlowCard } from './flow-card.tsx';

/** /flows (docs/product.md#screen-flows), optionally filtered by ?botId= (the bot details quick action, docs/decisions.md#d-bots-channels). */
export function FlowsPage({ botId }: { botId?: string | undefined }) {
  const flows = useFlows(botId);
  const loadFailed = useFirstLoadFailed();
  const removeFlow = useRemoveFlow();
  const toggleFlow = useToggleFlow();
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<FlowSummary | null>(null);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Seus fluxos</h2>
          <p className="mt-1 text-sm text-slate-500">Automatize conversas com gatilhos, mensagens, botões e condições.</p>
        </div>
        <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setCreating(true)}>
          Criar Fluxo
        </Button>
      </div>

      {flows === undefined && loadFailed ? (
        <LoadError message={FLOW_TOASTS.loadError} />
      ) : flows === undefined ? (
        <ul aria-busy="true" aria-label="Carregando fluxos" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((key) => (
            <li key={key} className="h-44 animate-pulse rounded-2xl border border-slate-200/80 bg-white" />
          ))}
        </ul>
      ) : flows.length === 0 ? (
        <Card className="flex flex-col items-center px-6 py-14 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
            <Workflow aria-hidden="true" className="size-7" />
          </span>
          <h3 className="mt-5 text-lg font-semibold text-slate-900">Nenhum fluxo criado</h3>
          <p className="mt-2 max-w-md text-slate-600">Crie um fluxo para responder automaticamente aos contatos dos seus bots.</p>
          <Button className="mt-6" icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setCreating(true)}>
            Criar Primeiro Fluxo
          </Button>
        </Card>
      ) : (
        <ul aria-label="Fluxos" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {flows.map((flow) => (
            <li key={flow.id}>
              <FlowCard flow={flow} onRemove={setRemoving} onToggle={(target, enabled) => void toggleFlow(target.id, enabled)} />
            </li>
          ))}
        </ul>
      )}

      <CreateFlowModal open={creating} onClose={() => setCreating(false)} initialBotId={botId} />
      <ConfirmDialog
        open={removing !== null}
        title="Remover fluxo"
        message={REMOVE_FLOW_QUESTION}
        confirmLabel="Remover"
        danger
        onConfirm={() => {
          if (removing) void removeFlow(removing.id);
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
