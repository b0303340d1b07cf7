/**
 * The inbox mutations on this device, mirroring the server's messages and notes services: a reply shows at once as
 * SENDING at the end of its conversation (and survives reloads while queued), named after the member who typed it;
 * opening a conversation clears its unread count; an internal note shows at once in the timeline. The server's
 * delivery outcome (SENT, or FAILED with its reason) arrives with the next pull.
 */
import type { messageMutationArgs } from '@shared/messages/mutations.ts';
import type { noteMutationArgs } from '@shared/notes/mutations.ts';
import type { ApplyFn, ClientMutationsOf } from '../../offline/mutations/declaration.ts';
import { signedInMember } from './api/signed-in-member.ts';

const applyMessageSend: ApplyFn<'message.send'> = async (writer, { message }, at) => {
  const contact = await writer.get('contacts', message.contactId);
  if (!contact || contact.botId !== message.botId) return;
  // Already known (a pull brought the server's row): the server's state wins.
  if (await writer.get('messages', message.id)) return;
  const member = signedInMember();
  await writer.put('messages', {
    id: message.id,
    contactId: message.contactId,
    botId: message.botId,
    direction: 'OUTGOING',
    type: 'TEXT',
    source: 'OPERATOR',
    buttons: [],
    content: message.text,
    mediaName: null,
    status: 'SENDING',
    error: null,
    createdAt: at,
    ...(member.id ? { memberId: member.id, memberName: member.name } : {}),
  });
  const conversation = await writer.get('conversations', message.contactId);
  if (conversation && conversation.lastMessageAt > at) return;
  await writer.put('conversations', {
    contactId: message.contactId,
    botId: message.botId,
    unreadCount: conversation?.unreadCount ?? 0,
    lastMessageId: message.id,
    lastMessageAt: at,
    assigneeId: conversation?.assigneeId ?? null,
    status: conversation?.status ?? 'OPEN',
  });
};

/** A note never touches the conversation row: it is not a message (no last message, no unread count). */
const applyNoteCreate: ApplyFn<'note.create'> = async (writer, { note }, at) => {
  const contact = await writer.get('contacts', note.contactId);
  if (!contact || (await writer.get('notes', note.id))) return;
  const member = signedInMember();
  await writer.put('notes', {
    id: note.id, contactId: note.contactId, botId: contact.botId, text: note.text, authorId: member.id, authorName: member.name, createdAt: at,
  });
};

export const messageMutations: ClientMutationsOf<keyof typeof messageMutationArgs | keyof typeof noteMutationArgs> = {
  'message.send': { apply: applyMessageSend, label: 'Enviar mensagem', refusalTitle: 'Erro ao enviar mensagem' },
  'conversation.markRead': {
    apply: (writer, { contactId }) => writer.update('conversations', contactId, (conversation) => ({ ...conversation, unreadCount: 0 })),
    label: 'Marcar conversa como lida',
    refusalTitle: 'Erro ao carregar mensagens',
  },
  'note.create': { apply: applyNoteCreate, label: 'Escrever nota interna', refusalTitle: 'Erro ao salvar a nota interna' },
};
