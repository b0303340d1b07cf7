import { createFileRoute } from '@tanstack/react-router';
import { BroadcastDetailPage } from '../../features/broadcasts/components/broadcast-detail-page.tsx';

export const Route = createFileRoute('/_authenticated/broadcasts/$broadcastId/')({
  component: BroadcastDetailRoute,
});

function BroadcastDetailRoute() {
  const { broadcastId } = Route.useParams();
  return <BroadcastDetailPage key={broadcastId} broadcastId={broadcastId} />;
}
