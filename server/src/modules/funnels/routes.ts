import { Elysia } from 'elysia';
import { createFunnelInputSchema, funnelMetricsQuerySchema, funnelScriptCode, updateFunnelInputSchema } from '@shared/funnels/schemas.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import { funnelMetrics } from './metrics.ts';
import * as funnels from './service.ts';

type Deps = funnels.FunnelsDeps & { accessTokens: AccessTokens; publicUrl: string | undefined };

/** The origin the landing page loads the script from: PUBLIC_URL when set, else the address this request came to. */
function publicOrigin(deps: Deps, request: Request) {
  return deps.publicUrl ? deps.publicUrl.replace(/\/+$/, '') : new URL(request.url).origin;
}

/** docs/product.md#api-funnels. */
export function funnelRoutes(deps: Deps) {
  return new Elysia({ prefix: '/funnels' })
    .use(authGuard(deps.accessTokens))
    .get('/', async ({ userId }) => ok({ funnels: await funnels.listFunnels(deps, userId) }))
    .post('/', async ({ userId, body, request, set }) => {
      const funnel = await funnels.createFunnel(deps, userId, parseInput(createFunnelInputSchema, body));
      set.status = 201;
      return ok({ funnel, scriptCode: funnelScriptCode(publicOrigin(deps, request), funnel.uuid), telegramLink: funnel.telegramLink });
    })
    .get('/:id', async ({ userId, params }) => ok({ funnel: await funnels.getFunnel(deps, userId, params.id) }))
    .put('/:id', async ({ userId, params, body }) =>
      ok({ funnel: await funnels.updateFunnel(deps, userId, params.id, parseInput(updateFunnelInputSchema, body)) }),
    )
    .delete('/:id', async ({ userId, params }) => {
      await funnels.deleteFunnel(deps, userId, params.id);
      return ok({ deleted: true as const });
    })
    .get('/:id/metrics', async ({ userId, params, query }) =>
      ok({ metrics: await funnelMetrics(deps, userId, params.id, parseInput(funnelMetricsQuerySchema, query)) }),
    );
}
