/** Route table (index.ts): the inbox (conversations, messages, notes, quick replies), media, web push and sync. */
import { deletedAnswerSchema } from '@shared/api/answers.ts';
import { uploadResponseSchema, dataUrlUploadSchema } from '@shared/media/schemas.ts';
import { assigneesResponseSchema, conversationStateResponseSchema, updateConversationInputSchema } from '@shared/messages/assignment.ts';
import {
  conversationsQuerySchema, conversationsResponseSchema, messageResponseSchema, messagesQuerySchema, messagesResponseSchema, readAllResponseSchema,
  sendMessageInputSchema, statsQuerySchema, statsResponseSchema,
} from '@shared/messages/schemas.ts';
import { noteInputSchema, noteResponseSchema, notesResponseSchema } from '@shared/notes/schemas.ts';
import {
  pushPresenceInputSchema, pushPresenceResponseSchema, pushPublicKeyResponseSchema, pushSubscribedResponseSchema, pushSubscriptionInputSchema, pushUnsubscribedResponseSchema,
  pushUnsubscribeInputSchema,
} from '@shared/push/schemas.ts';
import { quickRepliesResponseSchema, quickReplyInputSchema, quickReplyPatchSchema, quickReplyResponseSchema } from '@shared/quick-replies/schemas.ts';
import { pullQuerySchema, pullResponseSchema, pushRequestSchema, pushResponseSchema } from '@shared/sync/protocol.ts';
import type { RouteGroup } from './route-doc.ts';

const SESSION_ONLY = 'Só com token de sessão: a sincronização do aplicativo, nunca uma chave de API.';

export const INBOX_ROUTES: RouteGroup = {
  tag: 'Conversas',
  description: 'A caixa de entrada da equipe: conversas, mensagens, notas internas, respostas rápidas e arquivos.',
  routes: {
    'GET /api/messages/conversations': { summary: 'Lista as conversas', query: conversationsQuerySchema, answer: conversationsResponseSchema },
    'PATCH /api/messages/conversations/:id': {
      summary: 'Atribui uma conversa ou muda o status', body: updateConversationInputSchema, answer: conversationStateResponseSchema, errors: ['ASSIGNEE_NOT_MEMBER'],
    },
    'GET /api/messages/assignees': { summary: 'Lista quem pode responder conversas', answer: assigneesResponseSchema },
    'GET /api/messages/stats': { summary: 'Mostra os números de mensagens', query: statsQuerySchema, answer: statsResponseSchema },
    'GET /api/messages/contact/:id': { summary: 'Lista as mensagens de uma conversa', query: messagesQuerySchema, answer: messagesResponseSchema },
    'POST /api/messages/send': { summary: 'Envia uma mensagem a um contato', body: sendMessageInputSchema, answer: messageResponseSchema, errors: ['BOT_NOT_RUNNING', 'MESSAGE_NOT_DELIVERED'] },
    'PATCH /api/messages/contact/:id/read-all': { summary: 'Marca uma conversa como lida', answer: readAllResponseSchema },
    'PATCH /api/messages/:id/read': { summary: 'Marca uma mensagem como lida', answer: messageResponseSchema },
    'GET /api/messages/contact/:id/notes': { summary: 'Lista as notas internas de uma conversa', answer: notesResponseSchema },
    'POST /api/messages/contact/:id/notes': { summary: 'Escreve uma nota interna', body: noteInputSchema, answer: noteResponseSchema },
    'GET /api/quick-replies/': { summary: 'Lista as respostas rápidas', answer: quickRepliesResponseSchema },
    'POST /api/quick-replies/': {
      summary: 'Cria uma resposta rápida', body: quickReplyInputSchema, answer: quickReplyResponseSchema, status: 201, errors: ['QUICK_REPLY_SHORTCUT_TAKEN', 'QUICK_REPLY_LIMIT'],
    },
    'PATCH /api/quick-replies/:id': { summary: 'Altera uma resposta rápida', body: quickReplyPatchSchema, answer: quickReplyResponseSchema, errors: ['QUICK_REPLY_SHORTCUT_TAKEN'] },
    'DELETE /api/quick-replies/:id': { summary: 'Exclui uma resposta rápida', answer: deletedAnswerSchema },
    'POST /api/media/upload': {
      summary: 'Envia um arquivo', body: dataUrlUploadSchema, answer: uploadResponseSchema, status: 201,
      errors: ['MEDIA_TOO_LARGE', 'MEDIA_TYPE_NOT_ALLOWED', 'MEDIA_UNREADABLE', 'UNSUPPORTED_MEDIA_TYPE', 'STORAGE_FULL', 'STORAGE_QUOTA_EXCEEDED'],
    },
    'GET /api/media/:id': { summary: 'Baixa um arquivo enviado', media: 'application/octet-stream' },
    'POST /api/sync/push': { summary: 'Envia as mudanças feitas sem conexão', description: SESSION_ONLY, body: pushRequestSchema, answer: pushResponseSchema },
    'GET /api/sync/pull': { summary: 'Traz as mudanças desde o cursor', description: SESSION_ONLY, query: pullQuerySchema, answer: pullResponseSchema },
    'GET /api/events': {
      summary: 'Recebe os eventos ao vivo da caixa de entrada', media: 'text/event-stream',
      description: 'Só com token de sessão: o fluxo de eventos das telas abertas (Server-Sent Events).',
    },
    'GET /api/push/public-key': { summary: 'Mostra a chave pública das notificações', answer: pushPublicKeyResponseSchema },
    'POST /api/push/subscriptions': { summary: 'Assina as notificações neste navegador', body: pushSubscriptionInputSchema, answer: pushSubscribedResponseSchema, status: 201 },
    'DELETE /api/push/subscriptions': { summary: 'Cancela as notificações neste navegador', body: pushUnsubscribeInputSchema, answer: pushUnsubscribedResponseSchema },
    'PUT /api/push/presence': { summary: 'Diz qual conversa esta aba mostra', body: pushPresenceInputSchema, answer: pushPresenceResponseSchema },
  },
};
