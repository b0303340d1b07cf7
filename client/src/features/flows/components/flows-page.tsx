import { Plus, Workflow } from 'lucide-react';
import { useState } from 'react';
import type { FlowSummary } from '../../../../../shared/flows/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useDeleteFlow } from '../api/delete-flow.ts';
import { REMOVE_FLOW_QUESTION } from '../api/flow-texts.ts';
import { useFlows } from '../api/get-flows.ts';
import { useToggleFlow } from '../api/toggle-flow.ts';
import { CreateFlowModal } from './create-flow-modal.tsx';
import { FlowCard } from './flow-card.tsx';

/** /flows (part 1 §2), optionally filtered by ?botId= (the bot details quick action, decisions §3). */
export function FlowsPage({ botId }: { botId?: string | undefined }) {
  const flows = useFlows(botId);
  const deleteFlow = useDeleteFlow();
  const toggleFlow = useToggleFlow();
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<FlowSummary | null>(null);
  // The card shows the requested state while the call runs; a failure drops it and the stored state shows again.
  const [pending, setPending] = useState<Record<string, boolean>>({});

  function toggle(flow: FlowSummary, enabled: boolean) {
    setPending((p) => ({ ...p, [flow.id]: enabled }));
    toggleFlow.mutate(
      { flowId: flow.id, enabled },
      { onSettled: () => setPending(({ [flow.id]: _done, ...rest }) => rest) },
    );
  }

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

      {flows.isPending ? (
        <ul aria-busy="true" aria-label="Carregando fluxos" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((key) => (
            <li key={key} className="h-44 animate-pulse rounded-2xl border border-slate-200/80 bg-white" />
          ))}
        </ul>
      ) : flows.isError ? (
        <Card className="px-6 py-10 text-center">
          <p className="text-slate-600">Não foi possível carregar seus fluxos.</p>
          <Button variant="outline" className="mt-4" onClick={() => void flows.refetch()} loading={flows.isFetching}>
            Tentar novamente
          </Button>
        </Card>
      ) : flows.data.length === 0 ? (
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
          {flows.data.map((flow) => (
            <li key={flow.id}>
              <FlowCard
                flow={flow.id in pending ? { ...flow, enabled: pending[flow.id] ?? flow.enabled } : flow}
                onRemove={setRemoving}
                onToggle={toggle}
                toggling={flow.id in pending}
              />
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
        loading={deleteFlow.isPending}
        onConfirm={() => removing && deleteFlow.mutate(removing.id, { onSettled: () => setRemoving(null) })}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
