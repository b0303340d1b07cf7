/**
 * The assignment mutations of a sync push: assigning a conversation and changing its status, the service calls of
 * PATCH /messages/conversations/{id}, each guarded per field like any plain edit (docs/offline-sync.md#rule-6).
 */
import { conversationStatusSchema } from '@shared/messages/assignment.ts';
import type { assignmentMutationArgs } from '@shared/messages/assignment-mutations.ts';
import type { MutationDeps, ServerMutationsOf } from '../sync/mutation.ts';
import { applyConversationUpdate, type ConversationUpdate } from './assignment.ts';

/** Written in the push's transaction, announced (live stream, the assignee's push) once it commits. */
async function updateConversation(deps: MutationDeps, userId: string, contactId: string, update: ConversationUpdate) {
  const change = await applyConversationUpdate(deps.sql, userId, deps.actor?.id ?? userId, contactId, update);
  deps.afterCommit('conversation.update', async () => deps.inbox.announce.conversationChanged(change));
}

const pick = (values: Record<string, unknown>, field: string) => (Object.hasOwn(values, field) ? values[field] : undefined);

export const assignmentMutations: ServerMutationsOf<keyof typeof assignmentMutationArgs> = {
  'conversation.assign': {
    run: (deps, userId, a) => updateConversation(deps, userId, a.contactId, { assigneeId: a.assigneeId }),
    fields: {
      target: (a) => ({ table: 'conversations', rowId: a.contactId }),
      keep: (a, values) => {
        const kept = pick(values, 'assigneeId');
        return kept === undefined ? a : { ...a, assigneeId: typeof kept === 'string' ? kept : null };
      },
    },
  },
  'conversation.setStatus': {
    run: (deps, userId, a) => updateConversation(deps, userId, a.contactId, { status: a.status }),
    fields: {
      target: (a) => ({ table: 'conversations', rowId: a.contactId }),
      keep: (a, values) => {
        const kept = conversationStatusSchema.safeParse(pick(values, 'status'));
        return kept.success ? { ...a, status: kept.data } : a;
      },
    },
  },
};
