import { Plus, Workflow } from 'lucide-react';
import { useState } from 'react';
import type { FlowSummary } from '@shared/flows/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CardGrid, CardGridStates } from '../../../components/ui/card-grid.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useFirstLoadFailed } from '../../../offline/hooks.ts';
import { useFlows } from '../api/flow-rows.ts';
import { FLOW_TOASTS, REMOVE_FLOW_QUESTION } from '../api/flow-texts.ts';
import { useDuplicateFlow } from '../api/duplicate-flow.ts';
import { useFlowExecutionCounts } from '../api/flow-executions.ts';
import { useRemoveFlow, useToggleFlow } from '../api/flow-writes.ts';
import { CreateFlowModal } from './create-flow-modal.tsx';
import { FlowCard } from './flow-card.tsx';

const plusIcon = <Plus aria-hidden="true" className="size-4" />;

/** /flows (docs/product.md#screen-flows), optionally filtered by ?botId= (the bot details quick action, docs/decisions.md#d-bots-channels). */
export function FlowsPage({ botId }: { botId?: string | undefined }) {
  const flows = useFlows(botId);
  const loadFailed = useFirstLoadFailed();
  const removeFlow = useRemoveFlow();
  const toggleFlow = useToggleFlow();
  const executions = useFlowExecutionCounts();
  const duplicate = useDuplicateFlow();
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<FlowSummary | null>(null);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Seus fluxos"
        description="Automatize conversas com gatilhos, mensagens, botões e condições."
        actions={<Button icon={plusIcon} onClick={() => setCreating(true)}>Criar Fluxo</Button>}
      />
      <CardGridStates items={flows} failed={flows === undefined && loadFailed} errorMessage={FLOW_TOASTS.loadError} loadingLabel="Carregando fluxos" skeletonHeight="h-44" empty={<NoFlows onCreate={() => setCreating(true)} />}>
        {(list) => (
          <CardGrid label="Fluxos">
            {list.map((flow) => (
              <li key={flow.id}>
                <FlowCard
                  flow={flow}
                  executions={executions.data ? (executions.data.get(flow.id) ?? 0) : undefined}
                  duplicating={duplicate.pending}
                  onRemove={setRemoving}
                  onToggle={(target, enabled) => void toggleFlow(target.id, enabled)}
                  onDuplicate={duplicate.duplicate}
                />
              </li>
            ))}
          </CardGrid>
        )}
      </CardGridStates>
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

function NoFlows({ onCreate }: { onCreate: () => void }) {
  return (
    <EmptyState
      icon={Workflow}
      title="Nenhum fluxo criado"
      text="Crie um fluxo para responder automaticamente aos contatos dos seus bots."
      action={
        <Button icon={plusIcon} onClick={onCreate}>
          Criar Primeiro Fluxo
        </Button>
      }
    />
  );
}
