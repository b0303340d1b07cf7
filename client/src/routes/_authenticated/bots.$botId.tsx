import { createFileRoute } from '@tanstack/react-router';
import { BotDetailsPage } from '../../features/bots/components/bot-details-page.tsx';

export const Route = createFileRoute('/_authenticated/bots/$botId')({
  component: BotDetailsRoute,
});

function BotDetailsRoute() {
  const { botId } = Route.useParams();
  // Keyed so a different bot starts from a clean page (no state of the previous one).
  return <BotDetailsPage key={botId} botId={botId} />;
}
