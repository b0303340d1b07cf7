import { Elysia } from 'elysia';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import * as flows from './service.ts';

export function flowRoutes(deps: flows.FlowsDeps & { accessTokens: AccessTokens }) {
  return new Elysia({ prefix: '/flows' })
    .use(authGuard(deps.accessTokens))
    .get('/', async ({ userId, query }) =>
      ok({ flows: await flows.listFlows(deps, userId, parseInput(flows.flowListQuerySchema, query)) }),
    );
}
