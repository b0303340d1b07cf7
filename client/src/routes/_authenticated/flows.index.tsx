import { createFileRoute } from '@tanstack/react-router';
import { optionalString } from '../../lib/search-params.ts';
import { FlowsPage } from '../../features/flows/components/flows-page.tsx';

/** `?botId=` narrows the list to one bot (the bot details "Fluxos de mensagens" quick action). */
const searchSchema = (search: Record<string, unknown>): { botId?: string | undefined } => ({ botId: optionalString(search.botId) });

export const Route = createFileRoute('/_authenticated/flows/')({
  validateSearch: searchSchema,
  component: FlowsRoute,
});

function FlowsRoute() {
  const { botId } = Route.useSearch();
  return <FlowsPage key={botId ?? 'all'} botId={botId} />;
}
