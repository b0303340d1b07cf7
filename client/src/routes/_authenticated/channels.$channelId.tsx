import { createFileRoute } from '@tanstack/react-router';
import { ChannelConfigPage } from '../../features/channels/components/channel-config-page.tsx';

export const Route = createFileRoute('/_authenticated/channels/$channelId')({
  component: ChannelConfigRoute,
});

function ChannelConfigRoute() {
  const { channelId } = Route.useParams();
  return <ChannelConfigPage key={channelId} channelId={channelId} />;
}
