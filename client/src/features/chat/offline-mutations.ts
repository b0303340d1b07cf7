/**
 * The inbox mutations on this device, mirroring the server's messages service: a reply shows at once as SENDING at
 * the end of its conversation (and survives reloads while queued); opening a conversation clears its unread count.
 * The server's delivery outcome (SENT, or FAILED with its reason) arrives with the next pull.
 */
import type { messageMutationArgs } from '@shared/messages/mutations.ts';
import type { ApplyFn, ClientMutationsOf } from '../../offline/mutations/declaration.ts';

const applyMessageSend: ApplyFn<'message.send'> = async (writer, { message }, at) => {
  const contact = await writer.get('contacts', message.contactId);
  if (!contact || contact.botId !== message.botId) return;
  // Already known (a pull brought the server's row): the server's state wins.
  if (await writer.get('messages', message.id)) return;
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
  });
  const conversation = await writer.get('conversations', message.contactId);
  if (conversation && conversation.lastMessageAt > at) return;
  await writer.put('conversations', {
    contactId: message.contactId,
    botId: message.botId,
    unreadCount: conversation?.unreadCount ?? 0,
    lastMessageId: message.id,
    lastMessageAt: at,
  });
};

export const messageMutations: ClientMutationsOf<keyof typeof messageMutationArgs> = {
  'message.send': { apply: applyMessageSend, label: 'Enviar mensagem', refusalTitle: 'Erro ao enviar mensagem' },
  'conversation.markRead': {
    apply: (writer, { contactId }) => writer.update('conversations', contactId, (conversation) => ({ ...conversation, unreadCount: 0 })),
    label: 'Marcar conversa como lida',
    refusalTitle: 'Erro ao carregar mensagens',
  },
};
