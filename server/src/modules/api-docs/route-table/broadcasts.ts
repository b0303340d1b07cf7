/** Route table (index.ts): broadcasts, funnels with their tracking calls, and Meta pixels. */
import {
  broadcastDeletedResponseSchema, broadcastProgressResponseSchema, broadcastRecipientsResponseSchema, broadcastResponseSchema, broadcastsResponseSchema,
  broadcastStatsResponseSchema,
} from '@shared/broadcasts/answers.ts';
import {
  broadcastListQuerySchema, broadcastRecipientsQuerySchema, broadcastStatsQuerySchema, createBroadcastInputSchema, duplicateBroadcastInputSchema,
  updateBroadcastInputSchema,
} from '@shared/broadcasts/schemas.ts';
import type { RouteGroup } from './route-doc.ts';

export const BROADCAST_ROUTES: RouteGroup = {
  tag: 'Disparos',
  description: 'Mensagens enviadas a muitos contatos de um bot: rascunho, agendamento, envio, progresso e resultado por contato.',
  routes: {
    'GET /api/broadcasts/': { summary: 'Lista os disparos (paginado)', query: broadcastListQuerySchema, answer: broadcastsResponseSchema },
    'GET /api/broadcasts/stats': { summary: 'Mostra os números dos disparos', query: broadcastStatsQuerySchema, answer: broadcastStatsResponseSchema },
    'POST /api/broadcasts/': { summary: 'Cria um disparo', body: createBroadcastInputSchema, answer: broadcastResponseSchema, status: 201 },
    'GET /api/broadcasts/:id': { summary: 'Mostra um disparo', answer: broadcastResponseSchema },
    'PATCH /api/broadcasts/:id': { summary: 'Altera um disparo', body: updateBroadcastInputSchema, answer: broadcastResponseSchema, errors: ['BROADCAST_INVALID_TRANSITION'] },
    'DELETE /api/broadcasts/:id': { summary: 'Exclui um disparo', answer: broadcastDeletedResponseSchema, errors: ['BROADCAST_INVALID_TRANSITION'] },
    'POST /api/broadcasts/:id/send': { summary: 'Envia ou agenda um disparo', answer: broadcastResponseSchema, errors: ['BROADCAST_INVALID_TRANSITION'] },
    'POST /api/broadcasts/:id/cancel': { summary: 'Cancela um disparo agendado', answer: broadcastResponseSchema, errors: ['BROADCAST_INVALID_TRANSITION'] },
    'POST /api/broadcasts/:id/stop': { summary: 'Interrompe um disparo em andamento', answer: broadcastResponseSchema, errors: ['BROADCAST_INVALID_TRANSITION'] },
    'POST /api/broadcasts/:id/duplicate': { summary: 'Duplica um disparo', body: duplicateBroadcastInputSchema, answer: broadcastResponseSchema },
    'GET /api/broadcasts/:id/progress': { summary: 'Mostra o progresso de um disparo', answer: broadcastProgressResponseSchema },
    'GET /api/broadcasts/:id/recipients': { summary: 'Lista o resultado por contato (paginado)', query: broadcastRecipientsQuerySchema, answer: broadcastRecipientsResponseSchema },
  },
};
