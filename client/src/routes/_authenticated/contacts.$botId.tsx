import { createFileRoute } from '@tanstack/react-router';
import { ContactsPage } from '../../features/contacts/components/contacts-page.tsx';

/** "Ver Contatos" of the bot details lands here (docs/product.md#screen-bot-details). */
export const Route = createFileRoute('/_authenticated/contacts/$botId')({
  component: ContactsOfBot,
});

function ContactsOfBot() {
  const { botId } = Route.useParams();
  return <ContactsPage key={botId} botId={botId} />;
}
