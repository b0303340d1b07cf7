import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { optionalString } from '../../lib/search-params.ts';
import { ContactsPage } from '../../features/contacts/components/contacts-page.tsx';

/** `?funnelId=` narrows the list to the contacts that entered through that funnel (with a banner that clears it). */
const searchSchema = (search: Record<string, unknown>): { funnelId?: string | undefined } => ({ funnelId: optionalString(search.funnelId) });

export const Route = createFileRoute('/_authenticated/contacts/')({
  validateSearch: searchSchema,
  component: ContactsRoute,
});

function ContactsRoute() {
  const { funnelId } = Route.useSearch();
  const navigate = useNavigate();
  return <ContactsPage funnelId={funnelId} onClearFunnel={() => void navigate({ to: '/contacts', search: {} })} />;
}
