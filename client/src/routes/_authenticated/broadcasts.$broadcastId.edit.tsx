import { createFileRoute } from '@tanstack/react-router';
import { BroadcastFormPage } from '../../features/broadcasts/components/broadcast-form-page.tsx';

export const Route = createFileRoute('/_authenticated/broadcasts/$broadcastId/edit')({
  component: EditBroadcastRoute,
});

function EditBroadcastRoute() {
  const { broadcastId } = Route.useParams();
  return <BroadcastFormPage key={broadcastId} broadcastId={broadcastId} />;
}
