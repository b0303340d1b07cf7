/** Args of the label mutations of the offline outbox (docs/offline-sync.md#rule-3). */
import { z } from 'zod';
import { mutationId as id, requireClientId } from '../sync/mutation-args.ts';
import { contactLabelsInputSchema, createLabelInputSchema, updateLabelInputSchema } from './schemas.ts';

export const labelMutationArgs = {
  /** POST /labels with the client's id. */
  'label.create': requireClientId('label')(z.object({ label: createLabelInputSchema })),
  /** PATCH /labels/{id}. */
  'label.update': z.object({ labelId: id, changes: updateLabelInputSchema }),
  /** DELETE /labels/{id}: it leaves every contact. */
  'label.delete': z.object({ labelId: id }),
  /** PUT /contacts/{id}/labels: the contact's whole set of labels. */
  'contact.setLabels': z.object({ contactId: id, labelIds: contactLabelsInputSchema.shape.labelIds }),
} as const;
