/**
 * Assignment and status on this device, mirroring the server's (modules/messages/assignment.ts): the conversation
 * row shows the new assignee or status at once, offline too. A conflict with another member's newer choice comes
 * back from the push (docs/offline-sync.md#rule-6) and is shown like any other.
 */
import type { assignmentMutationArgs } from '@shared/messages/assignment-mutations.ts';
import { STATUS_LABELS } from '@shared/messages/assignment.ts';
import type { ClientMutationsOf } from '../../offline/mutations/declaration.ts';

export const assignmentMutations: ClientMutationsOf<keyof typeof assignmentMutationArgs> = {
  'conversation.assign': {
    apply: (writer, { contactId, assigneeId }) => writer.update('conversations', contactId, (conversation) => ({ ...conversation, assigneeId })),
    label: (args) => (args?.assigneeId === null ? 'Remover responsável da conversa' : 'Atribuir conversa'),
    refusalTitle: 'Erro ao atribuir conversa',
  },
  'conversation.setStatus': {
    apply: (writer, { contactId, status }) => writer.update('conversations', contactId, (conversation) => ({ ...conversation, status })),
    label: (args) => (args ? `Marcar conversa como ${STATUS_LABELS[args.status].toLowerCase()}` : 'Mudar situação da conversa'),
    refusalTitle: 'Erro ao mudar a situação da conversa',
  },
};
