/** The contact mutations on this device: optimistic effects mirroring the server's contacts service, and their pt-BR names. */
import type { contactMutationArgs } from '@shared/contacts/mutations.ts';
import type { ClientMutationsOf } from '../../offline/mutations/declaration.ts';

export const contactMutations: ClientMutationsOf<keyof typeof contactMutationArgs> = {
  'contact.update': {
    /** Only the fields sent change; blanks were already turned into null by the shared schema. */
    apply: (writer, { contactId, changes }) =>
      writer.update('contacts', contactId, (contact) => ({
        ...contact,
        ...(changes.firstName === undefined ? {} : { firstName: changes.firstName }),
        ...(changes.lastName === undefined ? {} : { lastName: changes.lastName }),
        ...(changes.phoneNumber === undefined ? {} : { phoneNumber: changes.phoneNumber }),
      })),
    label: 'Editar contato',
    refusalTitle: 'Erro ao atualizar contato',
  },
  'contact.delete': {
    /** As the server's cascade: the contact's cached messages and its conversation row go with it. */
    apply: async (writer, { contactId }) => {
      for (const message of await writer.where('messages', 'contactId', contactId)) await writer.delete('messages', message.id);
      await writer.delete('conversations', contactId);
      await writer.delete('contacts', contactId);
    },
    label: 'Remover contato',
    refusalTitle: 'Erro ao remover contato',
  },
};
