/**
 * A contact's data on request (LGPD): the export file and the erasure. Both need the server (no offline queue): an
 * erasure is final and the operator must see it done, and the file is made from the server's data.
 */
import { CONTACT_DATA_TEXTS, contactErasureResponseSchema } from '@shared/contacts/data-export.ts';
import { api } from '../../../lib/api.ts';
import { downloadApiFile } from '../../../lib/api-download.ts';
import { useSyncNow } from '../../../offline/hooks.ts';

export const exportContactData = (contactId: string) =>
  downloadApiFile(`/contacts/${contactId}/export`, `contato-${contactId}.json`, CONTACT_DATA_TEXTS.exportError);

/** Erases, then pulls: the contact, its conversation and messages leave this device's cache at once. */
export function useEraseContactData() {
  const syncNow = useSyncNow();
  return async (contactId: string) => {
    const answer = await api.request(`/contacts/${contactId}/data`, {
      method: 'DELETE', schema: contactErasureResponseSchema, fallbackMessage: CONTACT_DATA_TEXTS.eraseError,
    });
    await syncNow();
    return answer.data.erased;
  };
}
