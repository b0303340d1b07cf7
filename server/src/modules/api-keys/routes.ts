import { Elysia } from 'elysia';
import { z } from 'zod';
import { createApiKeyInputSchema } from '@shared/api-keys/schemas.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import { auditOrigin } from '../audit/recorder.ts';
import * as apiKeys from './service.ts';

const idParam = z.object({ id: z.uuid({ error: 'Identificador inválido' }) });

/** API keys (docs/product.md#api-keys): owners and admins only (the `apiKeys` area); never reachable with a key. */
export function apiKeyRoutes(deps: apiKeys.ApiKeysDeps & { accessTokens: AccessTokens; trustProxy: boolean }) {
  return new Elysia({ prefix: '/api-keys' })
    .use(authGuard(deps.accessTokens))
    .get('/', async ({ userId }) => ok({ apiKeys: await apiKeys.listApiKeys(deps, userId) }))
    .post('/', async ({ userId, actor, body, request, server, set }) => {
      const by = { actorId: actor.id, origin: auditOrigin(request, server, deps.trustProxy) };
      const created = await apiKeys.createApiKey(deps, userId, parseInput(createApiKeyInputSchema, body), by);
      set.status = 201;
      set.headers['cache-control'] = 'no-store';
      return ok(created);
    })
    .delete('/:id', async ({ userId, actor, params, request, server }) => {
      await apiKeys.revokeApiKey(deps, userId, parseInput(idParam, params).id, { actorId: actor.id, origin: auditOrigin(request, server, deps.trustProxy) });
      return ok({ revoked: true });
    });
}
