/** The route fixtures of outgoing webhooks (docs/product.md#api-webhooks): subscriptions, their log, redelivery, the test event. */
import { createWebhookInputSchema, updateWebhookInputSchema, webhookDeliveriesQuerySchema } from '@shared/webhooks/schemas.ts';
import type { RouteFixture } from './route-fixture-types.ts';

const subscription = () => ({ url: 'https://203.0.113.20/receber', events: ['contact.created', 'message.received'], description: 'CRM' });

export const WEBHOOK_ROUTE_FIXTURES: Record<string, RouteFixture> = {
  'GET /api/webhooks/': {},
  'POST /api/webhooks/': { body: { schema: createWebhookInputSchema, valid: subscription } },
  'GET /api/webhooks/:id': {},
  'PUT /api/webhooks/:id': { body: { schema: updateWebhookInputSchema, valid: () => ({ description: 'Renomeado', enabled: false }) } },
  'PATCH /api/webhooks/:id': { body: { schema: updateWebhookInputSchema, valid: () => ({ events: ['member.joined'], enabled: false }) } },
  'DELETE /api/webhooks/:id': {},
  'GET /api/webhooks/:id/deliveries': { query: { schema: webhookDeliveriesQuerySchema, valid: () => ({ status: 'pending', before: '999999' }) } },
  'POST /api/webhooks/:id/deliveries/:deliveryId/redeliver': {
    crossTenant: (victim, attacker) => [{ label: "own subscription, victim's delivery", params: { id: attacker.webhookId, deliveryId: victim.webhookDeliveryId } }],
  },
  'POST /api/webhooks/:id/test': {},
};
