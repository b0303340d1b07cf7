/** The label mutations of a sync push: the service calls of the /labels routes and PUT /contacts/{id}/labels. */
import type { labelMutationArgs } from '@shared/labels/mutations.ts';
import type { ServerMutationsOf } from '../sync/mutation.ts';
import * as labels from './service.ts';

export const labelMutations: ServerMutationsOf<keyof typeof labelMutationArgs> = {
  'label.create': { run: (deps, userId, a) => labels.createLabel(deps, userId, a.label) },
  'label.update': { run: (deps, userId, a) => labels.updateLabel(deps, userId, a.labelId, a.changes) },
  'label.delete': { run: (deps, userId, a) => labels.deleteLabel(deps, userId, a.labelId) },
  'contact.setLabels': { run: (deps, userId, a) => labels.setContactLabels(deps, userId, a.contactId, a.labelIds), savepoint: true },
};
