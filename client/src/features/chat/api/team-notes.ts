/**
 * Internal notes and quick replies as this device caches them (offline-first): a conversation's notes, the
 * workspace's quick replies; writing a note goes through the outbox (a note written offline is stored once).
 */
import { useCallback } from 'react';
import type { Note } from '@shared/notes/schemas.ts';
import type { QuickReply } from '@shared/quick-replies/schemas.ts';
import { useCached, useMutate } from '../../../offline/hooks.ts';

export function useCachedNotes(contactId: string): Note[] | undefined {
  return useCached(
    (db) => db.notes.where('[contactId+createdAt]').between([contactId, ''], [contactId, '\uffff']).toArray(),
    [contactId],
  );
}

const NO_REPLIES: QuickReply[] = [];

export function useCachedQuickReplies(): QuickReply[] {
  return useCached((db) => db.quickReplies.orderBy('id').toArray(), []) ?? NO_REPLIES;
}

export function useWriteNote() {
  const mutate = useMutate();
  return useCallback(
    async (contactId: string, text: string) => (await mutate('note.create', { note: { id: crypto.randomUUID(), contactId, text } })) !== null,
    [mutate],
  );
}
