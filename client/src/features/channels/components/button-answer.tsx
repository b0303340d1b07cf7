import { Link, useNavigate } from '@tanstack/react-router';
import { Workflow } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useButtonFlows, useCreateButtonFlow } from '../api/button-flows.ts';

/** Which flow answers an action button, or a way to create one, so a button that leads nowhere does not go unnoticed. */
export function ButtonAnswer({ botId, button }: { botId: string; button: { text: string; value: string } }) {
  const answers = useButtonFlows(botId);
  const createFlow = useCreateButtonFlow();
  const navigate = useNavigate();
  if (!answers) return null;
  const answer = answers.get(button.value.trim());
  if (answer) {
    return (
      <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
        <Workflow aria-hidden="true" className="size-4 text-emerald-600" />
        Respondido pelo fluxo{' '}
        <Link to="/flows/$flowId/edit" params={{ flowId: answer.flowId }} className="font-medium text-brand-700 underline">
          {answer.flowName}
        </Link>
      </p>
    );
  }
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
      <p className="text-amber-700">Nenhum fluxo responde a este botão.</p>
      <Button
        variant="outline"
        size="sm"
        onClick={async () => {
          const flowId = await createFlow(botId, button);
          if (flowId) void navigate({ to: '/flows/$flowId/edit', params: { flowId } });
        }}
      >
        Criar fluxo para este botão
      </Button>
    </div>
  );
}
