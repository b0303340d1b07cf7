import { createFileRoute } from '@tanstack/react-router';
import { optionalString } from '../../lib/search-params.ts';
import { ChatPage } from '../../features/chat/components/chat-page.tsx';

/** `?contato=<contact id>`: the open conversation, so the phone's back button returns to the list. */
const searchSchema = (search: Record<string, unknown>): { contato?: string | undefined } => ({ contato: optionalString(search.contato) });

export const Route = createFileRoute('/_authenticated/chat')({
  validateSearch: searchSchema,
  component: ChatRoute,
});

function ChatRoute() {
  const { contato } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ChatPage
      selected={contato}
      onSelect={(contactId) => {
        void navigate({ search: contactId ? { contato: contactId } : {} });
      }}
    />
  );
}
