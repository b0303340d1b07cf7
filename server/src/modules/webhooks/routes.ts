/** Outgoing webhooks (docs/product.md#api-webhooks): thin routes over service.ts, parsed with the shared schemas. */
import { Elysia } from 'elysia';
import { createWebhookInputSchema, updateWebhookInputSchema, webhookDeliveriesQuerySchema } from '@shared/webhooks/schemas.ts';
import { auditedGuard } from '../audit/audited-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import * as webhooks from './service.ts';

export function webhookRoutes(deps: webhooks.WebhooksDeps & { accessTokens: AccessTokens; trustProxy: boolean }) {
  const update = async ({ userId, params, body }: { userId: string; params: { id: string }; body: unknown }) =>
    ok({ webhook: await webhooks.updateWebhook(deps, userId, params.id, parseInput(updateWebhookInputSchema, body)) });
  return new Elysia({ prefix: '/webhooks' })
    .use(auditedGuard(deps))
    .get('/', async ({ userId }) => ok({ webhooks: await webhooks.listWebhooks(deps, userId) }))
    .post('/', async ({ userId, body, set }) => {
      const webhook = await webhooks.createWebhook(deps, userId, parseInput(createWebhookInputSchema, body));
      set.status = 201;
      return ok({ webhook });
    })
    .get('/:id', async ({ userId, params }) => ok({ webhook: await webhooks.getWebhook(deps, userId, params.id) }))
    .put('/:id', update)
    .patch('/:id', update)
    .delete('/:id', async ({ userId, params }) => {
      await webhooks.deleteWebhook(deps, userId, params.id);
      return ok({ deleted: true as const });
    })
    .get('/:id/deliveries', async ({ userId, params, query }) =>
      ok(await webhooks.listDeliveries(deps, userId, params.id, parseInput(webhookDeliveriesQuerySchema, query))))
    .post('/:id/deliveries/:deliveryId/redeliver', async ({ userId, params, set }) => {
      const delivery = await webhooks.redeliver(deps, userId, params.id, params.deliveryId);
      set.status = 201;
      return ok({ delivery });
    })
    .post('/:id/test', async ({ userId, params, set }) => {
      const delivery = await webhooks.sendTestEvent(deps, userId, params.id);
      set.status = 201;
      return ok({ delivery });
    });
}
