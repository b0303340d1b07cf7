import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { FlowsPage } from '../../features/flows/components/flows-page.tsx';

/** `?botId=` narrows the list to one bot (the bot details "Fluxos de mensagens" quick action). */
const searchSchema = z.object({ botId: z.string().optional() });

export const Route = createFileRoute('/_authenticated/flows/')({
  validateSearch: searchSchema,
  component: FlowsRoute,
});

function FlowsRoute() {
  const { botId } = Route.useSearch();
  return <FlowsPage key={botId ?? 'all'} botId={botId} />;
}
