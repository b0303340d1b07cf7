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

/** Its messages are not cached here; the contact row is all that goes. */
export const applyContactDelete: ApplyFn<'contact.delete'> = (writer, { contactId }) => writer.delete('contacts', contactId);
