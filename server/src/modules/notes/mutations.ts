/** The notes mutation of a sync push: POST /messages/contact/{id}/notes, written offline. */
import type { noteMutationArgs } from '@shared/notes/mutations.ts';
import type { ServerMutationsOf } from '../sync/mutation.ts';
import { storeNote } from './service.ts';

export const noteMutations: ServerMutationsOf<keyof typeof noteMutationArgs> = {
  'note.create': {
    run: async (deps, userId, { note }) => {
      const stored = await storeNote(deps.sql, userId, note.contactId, note, deps.actor?.id ?? null);
      if (stored.created) {
        deps.afterCommit('note.create', async () => deps.inbox.announce.changed({ userId, contactId: note.contactId, botId: stored.botId }));
      }
    },
  },
};
