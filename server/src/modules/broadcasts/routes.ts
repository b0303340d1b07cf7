import { Elysia } from 'elysia';
import { broadcastListQuerySchema, broadcastRecipientsQuerySchema, broadcastStatsQuerySchema, createBroadcastInputSchema, duplicateBroadcastInputSchema, updateBroadcastInputSchema } from '@shared/broadcasts/schemas.ts';
import { auditedGuard } from '../audit/audited-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import * as broadcasts from './service.ts';

type Deps = broadcasts.BroadcastsDeps & { accessTokens: AccessTokens; trustProxy: boolean };

/** docs/product.md#api-broadcasts. Static segments (`stats`) win over `/:id`. */
export function broadcastRoutes(deps: Deps) {
  return new Elysia({ prefix: '/broadcasts' })
    .use(auditedGuard(deps))
    .get('/', async ({ userId, query }) => {
      const page = await broadcasts.listBroadcasts(deps, userId, parseInput(broadcastListQuerySchema, query));
      return { success: true as const, data: { broadcasts: page.broadcasts }, pagination: page.pagination };
    })
    .get('/stats', async ({ userId, query }) => ok({ stats: await broadcasts.broadcastStats(deps, userId, parseInput(broadcastStatsQuerySchema, query).botId) }))
    .post('/', async ({ userId, body, set }) => {
      const broadcast = await broadcasts.createBroadcast(deps, userId, parseInput(createBroadcastInputSchema, body));
      set.status = 201;
      return ok({ broadcast });
    })
    .get('/:id', async ({ userId, params }) => ok({ broadcast: await broadcasts.getBroadcast(deps, userId, params.id) }))
    .patch('/:id', async ({ userId, params, body }) =>
      ok({ broadcast: await broadcasts.updateBroadcast(deps, userId, params.id, parseInput(updateBroadcastInputSchema, body)) }),
    )
    .delete('/:id', async ({ userId, params }) => {
      await broadcasts.deleteBroadcast(deps, userId, params.id);
      return ok({ deleted: true as const });
    })
    .post('/:id/send', async ({ userId, params }) => ok({ broadcast: await broadcasts.sendBroadcast(deps, userId, params.id) }))
    .post('/:id/cancel', async ({ userId, params }) => ok({ broadcast: await broadcasts.cancelBroadcast(deps, userId, params.id) }))
    .post('/:id/stop', async ({ userId, params }) => ok({ broadcast: await broadcasts.stopBroadcast(deps, userId, params.id) }))
    .post('/:id/duplicate', async ({ userId, params, body }) => {
      const { name } = parseInput(duplicateBroadcastInputSchema, body);
      const broadcast = await broadcasts.duplicateBroadcast(deps, userId, params.id, name);
      return ok({ broadcast });
    })
    .get('/:id/progress', async ({ userId, params }) => ok({ progress: await broadcasts.broadcastProgress(deps, userId, params.id) }))
    .get('/:id/recipients', async ({ userId, params, query }) => {
      const page = await broadcasts.listRecipients(deps, userId, params.id, parseInput(broadcastRecipientsQuerySchema, query));
      return { success: true as const, data: { recipients: page.recipients }, pagination: page.pagination };
    });
}
