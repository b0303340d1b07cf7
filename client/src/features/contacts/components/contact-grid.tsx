import type { Contact } from '@shared/contacts/schemas.ts';
import { useLabels } from '../../../components/labels/use-labels.ts';
import { CardGrid } from '../../../components/ui/card-grid.tsx';
import { ContactCard } from './contact-card.tsx';

type Props = {
  contacts: readonly Contact[];
  /** The global page labels each card with its bot. */
  botNames?: Map<string, string> | undefined;
  onEdit: (contact: Contact) => void;
  onRemove: (contact: Contact) => void;
};

/** One page of cards (at most 20: the grid never renders the whole cache). */
export function ContactGrid({ contacts, botNames, onEdit, onRemove }: Props) {
  // Read once for the page, not per card.
  const labels = useLabels();
  return (
    <CardGrid label="Contatos">
      {contacts.map((contact) => (
        <li key={contact.id}>
          <ContactCard contact={contact} labels={labels} botLabel={botNames?.get(contact.botId)} onEdit={onEdit} onRemove={onRemove} />
        </li>
      ))}
    </CardGrid>
  );
}
