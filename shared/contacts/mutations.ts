/** Args of the contact mutations of the offline outbox (docs/offline-sync.md#rule-3). */
import { z } from 'zod';
import { mutationId as id } from '../sync/mutation-args.ts';
import { updateContactInputSchema } from './schemas.ts';

export const contactMutationArgs = {
  /** PUT /contacts/{id}: only the fields sent change (a replay sets, it never toggles). */
  'contact.update': z.object({ contactId: id, changes: updateContactInputSchema }),
  /** DELETE /contacts/{id} (its messages go with it). */
  'contact.delete': z.object({ contactId: id }),
} as const;
