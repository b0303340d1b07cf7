import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ChatPage } from '../../features/chat/components/chat-page.tsx';

/** `?contato=<contact id>`: the open conversation, so the phone's back button returns to the list. */
const searchSchema = z.object({ contato: z.string().optional() });

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
