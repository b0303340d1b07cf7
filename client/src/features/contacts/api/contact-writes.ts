/**
 * Edit and remove go through the outbox (docs/offline-sync.md#rule-1): visible at once, sent when there is a network;
 * the server's refusal comes back as 'Erro ao atualizar contato' / 'Erro ao remover contato' (offline/mutation-labels.ts).
 */
import type { z } from 'zod';
import type { updateContactInputSchema } from '@shared/contacts/schemas.ts';
import { savedToast } from '../../../offline/feedback.ts';
import { useMutate } from '../../../offline/hooks.ts';
import { CONTACT_TOASTS } from './contact-texts.ts';

export function useUpdateContact() {
  const mutate = useMutate();
  return async (contactId: string, changes: z.input<typeof updateContactInputSchema>) => {
    const queued = await mutate('contact.update', { contactId, changes });
    if (queued) savedToast(CONTACT_TOASTS.updateSuccess);
    return queued !== null;
  };
}

export function useRemoveContact() {
  const mutate = useMutate();
  return async (contactId: string) => {
    if (await mutate('contact.delete', { contactId })) savedToast(CONTACT_TOASTS.removeSuccess);
  };
}
