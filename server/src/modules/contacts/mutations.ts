/** The contact mutations of a sync push: the service calls of PUT and DELETE /contacts/{id}. */
import { withFieldValues } from '@shared/sync/fields.ts';
import type { contactMutationArgs } from '@shared/contacts/mutations.ts';
import type { ServerMutationsOf } from '../sync/mutation.ts';
import * as contacts from './service.ts';

export const contactMutations: ServerMutationsOf<keyof typeof contactMutationArgs> = {
  'contact.update': {
    run: (deps, userId, a) => contacts.updateContact(deps, userId, a.contactId, a.changes),
    fields: {
      target: (a) => ({ table: 'contacts', rowId: a.contactId }),
      keep: (a, values) => ({ ...a, changes: withFieldValues(a.changes, values) }),
    },
  },
  'contact.delete': { run: (deps, userId, a) => contacts.deleteContact(deps, userId, a.contactId) },
};
