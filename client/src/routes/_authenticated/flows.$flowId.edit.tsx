import { createFileRoute } from '@tanstack/react-router';
import { FlowEditorPage } from '../../features/flow-editor/components/flow-editor-page.tsx';

/** The editor and @xyflow/react load only here: autoCodeSplitting puts this component in its own chunk. */
export const Route = createFileRoute('/_authenticated/flows/$flowId/edit')({
  component: FlowEditorRoute,
});

function FlowEditorRoute() {
  const { flowId } = Route.useParams();
  return <FlowEditorPage key={flowId} flowId={flowId} />;
}
