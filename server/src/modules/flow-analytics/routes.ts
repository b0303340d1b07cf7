import { Elysia } from 'elysia';
import { executionListQuerySchema } from '@shared/flows/executions.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import * as analytics from './service.ts';

type Deps = analytics.AnalyticsDeps & { accessTokens: AccessTokens };

/** Executions (under /flows) and the analytics calls (under /analytics). */
export function flowAnalyticsRoutes(deps: Deps) {
  return new Elysia().use(executionRoutes(deps)).use(analyticsRoutes(deps));
}

function executionRoutes(deps: Deps) {
  return new Elysia({ prefix: '/flows' })
    .use(authGuard(deps.accessTokens))
    .get('/:id/executions', async ({ userId, params, query }) => {
      const { limit } = parseInput(executionListQuerySchema, query);
      return ok({ executions: await analytics.listExecutions(deps, userId, params.id, limit) });
    })
    .get('/:id/executions/:executionId', async ({ userId, params }) =>
      ok({ execution: await analytics.getExecution(deps, userId, params.id, params.executionId) }),
    );
}

function analyticsRoutes(deps: Deps) {
  return new Elysia({ prefix: '/analytics' })
    .use(authGuard(deps.accessTokens))
    .get('/flows/:id', async ({ userId, params }) => ok({ analytics: await analytics.flowAnalytics(deps, userId, params.id) }))
    .get('/nodes/:id', async ({ userId, params }) => ok({ analytics: await analytics.nodeAnalytics(deps, userId, params.id) }))
    .post('/flows/:id/reset', async ({ userId, params }) => {
      await analytics.resetFlow(deps, userId, params.id);
      return ok({ reset: true });
    })
    .post('/nodes/:id/reset', async ({ userId, params }) => {
      await analytics.resetNode(deps, userId, params.id);
      return ok({ reset: true });
    });
}
