import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { ContactsPage } from '../../features/contacts/components/contacts-page.tsx';

/** `?funnelId=` narrows the list to the contacts that entered through that funnel (with a banner that clears it). */
const searchSchema = z.object({ funnelId: z.string().optional() });

export const Route = createFileRoute('/_authenticated/contacts/')({
  validateSearch: searchSchema,
  component: ContactsRoute,
});

function ContactsRoute() {
  const { funnelId } = Route.useSearch();
  const navigate = useNavigate();
  return <ContactsPage funnelId={funnelId} onClearFunnel={() => void navigate({ to: '/contacts', search: {} })} />;
}
