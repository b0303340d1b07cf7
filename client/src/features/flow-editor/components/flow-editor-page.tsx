import { Link } from '@tanstack/react-router';
import { ReactFlowProvider } from '@xyflow/react';
import { LoaderCircle } from 'lucide-react';
import { buttonClasses, Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { EDITOR_TEXTS } from '../api/editor-texts.ts';
import { useFlowGraph } from '../api/get-flow-graph.ts';
import { EditorWorkspace } from './editor-workspace.tsx';

/** /flows/{id}/edit: loading, 'Fluxo não encontrado' with a way back, or the editor. */
export function FlowEditorPage({ flowId }: { flowId: string }) {
  const flow = useFlowGraph(flowId);
  if (flow.isPending) {
    return (
      <div role="status" aria-label="Carregando fluxo" className="flex h-full items-center justify-center py-24 text-slate-500">
        <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
      </div>
    );
  }
  if (flow.isError) {
    const missing = flow.error instanceof ApiError && flow.error.status === 404;
    return (
      <Card className="mx-auto max-w-md px-6 py-12 text-center">
        <p className="text-lg font-semibold text-slate-900">{missing ? EDITOR_TEXTS.notFound : 'Não foi possível carregar o fluxo.'}</p>
        <div className="mt-6 flex justify-center gap-2">
          {!missing && (
            <Button variant="outline" onClick={() => void flow.refetch()}>
              Tentar novamente
            </Button>
          )}
          <Link to="/flows" className={buttonClasses({})}>
            Voltar para Fluxos
          </Link>
        </div>
      </Card>
    );
  }
  return (
    <ReactFlowProvider>
      <EditorWorkspace flow={flow.data} />
    </ReactFlowProvider>
  );
}
