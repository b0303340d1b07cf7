/** Args of the notes mutation of the offline outbox (docs/offline-sync.md#rule-3). */
import { z } from 'zod';
import { mutationId } from '../sync/mutation-args.ts';
import { NOTE_TEXTS, noteTextSchema } from './schemas.ts';

export const noteMutationArgs = {
  /**
   * POST /messages/contact/{id}/notes with the client's id: a note written offline is stored once when the outbox is
   * replayed, however often the push is repeated.
   */
  'note.create': z.object({
    note: z.object({ id: z.uuid({ error: NOTE_TEXTS.invalidId }), contactId: mutationId, text: noteTextSchema }),
  }),
} as const;
