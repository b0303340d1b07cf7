/** Optimistic effects of the contact mutations, mirroring the server's contacts service. */
import type { ApplyFn } from './types.ts';

/** Only the fields sent change; blanks were already turned into null by the shared schema. */
export const applyContactUpdate: ApplyFn<'contact.update'> = (writer, { contactId, changes }) =>
  writer.update('contacts', contactId, (contact) => ({
    ...contact,
    ...(changes.firstName === undefined ? {} : { firstName: changes.firstName }),
    ...(changes.lastName === undefined ? {} : { lastName: changes.lastName }),
    ...(changes.phoneNumber === undefined ? {} : { phoneNumber: changes.phoneNumber }),
  }));

/** As the server's cascade: the contact's cached messages and its conversation row go with it. */
export const applyContactDelete: ApplyFn<'contact.delete'> = async (writer, { contactId }) => {
  for (const message of await writer.where('messages', 'contactId', contactId)) await writer.delete('messages', message.id);
  await writer.delete('conversations', contactId);
  await writer.delete('contacts', contactId);
};
