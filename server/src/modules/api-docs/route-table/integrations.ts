/** Route table (index.ts): what connects other tools: API keys (session only) and outgoing webhooks. */
import { deletedAnswerSchema } from '@shared/api/answers.ts';
import { apiKeysResponseSchema, createApiKeyInputSchema, createdApiKeyResponseSchema, revokedApiKeyResponseSchema } from '@shared/api-keys/schemas.ts';
import {
  createWebhookInputSchema, updateWebhookInputSchema, webhookDeliveriesQuerySchema, webhookDeliveriesResponseSchema, webhookDeliveryResponseSchema,
  webhookListResponseSchema, webhookResponseSchema,
} from '@shared/webhooks/schemas.ts';
import type { RouteGroup } from './route-doc.ts';

export const INTEGRATION_ROUTES: RouteGroup = {
  tag: 'Integrações',
  description: 'Chaves de API (só com token de sessão) e webhooks de saída assinados (X-Canalize-Signature: t=<unix>,v1=<HMAC-SHA256 hex de "t.corpo">).',
  routes: {
    'GET /api/api-keys/': { summary: 'Lista as chaves de API da equipe', answer: apiKeysResponseSchema },
    'POST /api/api-keys/': {
      summary: 'Cria uma chave de API (o segredo aparece só nesta resposta)', body: createApiKeyInputSchema, answer: createdApiKeyResponseSchema, status: 201,
      errors: ['API_KEY_LIMIT'],
    },
    'DELETE /api/api-keys/:id': { summary: 'Revoga uma chave de API', answer: revokedApiKeyResponseSchema },
    'GET /api/webhooks/': { summary: 'Lista os webhooks de saída', answer: webhookListResponseSchema },
    'POST /api/webhooks/': { summary: 'Cria um webhook de saída', body: createWebhookInputSchema, answer: webhookResponseSchema, status: 201, errors: ['WEBHOOK_LIMIT'] },
    'GET /api/webhooks/:id': { summary: 'Mostra um webhook e seu segredo de assinatura', answer: webhookResponseSchema },
    'PUT /api/webhooks/:id': { summary: 'Altera um webhook', body: updateWebhookInputSchema, answer: webhookResponseSchema },
    'PATCH /api/webhooks/:id': { summary: 'Altera parte de um webhook (ou o reativa)', body: updateWebhookInputSchema, answer: webhookResponseSchema },
    'DELETE /api/webhooks/:id': { summary: 'Exclui um webhook', answer: deletedAnswerSchema },
    'GET /api/webhooks/:id/deliveries': { summary: 'Lista as entregas de um webhook', query: webhookDeliveriesQuerySchema, answer: webhookDeliveriesResponseSchema },
    'POST /api/webhooks/:id/deliveries/:deliveryId/redeliver': {
      summary: 'Reenvia uma entrega', answer: webhookDeliveryResponseSchema, status: 201, errors: ['WEBHOOK_DELIVERY_QUEUED'],
    },
    'POST /api/webhooks/:id/test': { summary: 'Envia um evento de teste', answer: webhookDeliveryResponseSchema, status: 201 },
  },
};
