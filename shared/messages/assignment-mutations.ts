/** Args of the assignment mutations of the offline outbox (docs/offline-sync.md#rule-3). */
import { z } from 'zod';
import { mutationId as id } from '../sync/mutation-args.ts';
import { ASSIGNMENT_TEXTS, conversationStatusSchema } from './assignment.ts';

export const assignmentMutationArgs = {
  /**
   * PATCH /messages/conversations/{id} {assigneeId}: sets (a replay sets the same, never toggles); null unassigns.
   * Guarded like a field edit (docs/offline-sync.md#rule-6): when two members assign one conversation offline, the
   * later push keeps the first one's choice and its member is told.
   */
  'conversation.assign': z.object({ contactId: id, assigneeId: z.uuid({ error: ASSIGNMENT_TEXTS.assignee }).nullable() }),
  /** PATCH /messages/conversations/{id} {status}, guarded the same way. */
  'conversation.setStatus': z.object({ contactId: id, status: conversationStatusSchema }),
} as const;
