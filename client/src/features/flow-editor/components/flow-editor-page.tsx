import { Link } from '@tanstack/react-router';
import { ReactFlowProvider } from '@xyflow/react';
import { LoaderCircle } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFirstLoadFailed, useSyncSnapshot } from '../../../offline/hooks.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { EDITOR_TEXTS, EDITOR_TOASTS } from '../api/editor-texts.ts';
import { useCachedFlow, useCachedGraph } from '../api/flow-graph-rows.ts';
import { EditorWorkspace } from './workspace/editor-workspace.tsx';

/** /flows/{id}/edit: loading, 'Fluxo não encontrado' with a way back, or the editor over the cached flow. */
export function FlowEditorPage({ flowId }: { flowId: string }) {
  const lookup = useCachedFlow(flowId);
  const graph = useCachedGraph(flowId);
  const { phase } = useSyncSnapshot();
  const loadFailed = useFirstLoadFailed();
  // A flow absent from the cache because the server could not be asked is not 'não encontrado'.
  if (lookup.status === 'missing') return phase === 'retry' ? <LoadError message={EDITOR_TOASTS.loadError} /> : <FlowNotFound />;
  if (lookup.status === 'loading' && loadFailed) return <LoadError message={EDITOR_TOASTS.loadError} />;
  if (lookup.status === 'loading' || !graph) {
    return (
      <div role="status" aria-label="Carregando fluxo" className="flex h-full items-center justify-center py-24 text-slate-500">
        <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
      </div>
    );
  }
  return (
    <ReactFlowProvider>
      <EditorWorkspace flow={lookup.flow} stored={graph} />
    </ReactFlowProvider>
  );
}

function FlowNotFound() {
  const { online } = useSyncSnapshot();
  return (
    <Card className="mx-auto max-w-md px-6 py-12 text-center">
      <p className="text-lg font-semibold text-slate-900">{EDITOR_TEXTS.notFound}</p>
      {!online && <p className="mt-2 text-sm text-slate-500">{EDITOR_TEXTS.notFoundOffline}</p>}
      <div className="mt-6 flex justify-center gap-2">
        <Link to="/flows" className={buttonClasses({})}>
          Voltar para Fluxos
        </Link>
      </div>
    </Card>
  );
}
