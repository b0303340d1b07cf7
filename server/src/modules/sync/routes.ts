import { Elysia } from 'elysia';
import { pullQuerySchema, pushRequestSchema } from '@shared/sync/protocol.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import type { SyncDeps } from './apply-chunk.ts';
import { pull } from './pull-service.ts';
import { push } from './push-service.ts';

/** The offline sync endpoints (docs/offline-sync.md#rule-4, #rule-5), signed-in only. */
export function syncRoutes(deps: SyncDeps & { accessTokens: AccessTokens }) {
  return new Elysia({ prefix: '/sync' })
    .use(authGuard(deps.accessTokens))
    // Each mutation's args are checked on their own (mutations.ts), so a bad one fails alone, not the whole batch.
    .post('/push', async ({ userId, body }) => ok(await push(deps, userId, parseInput(pushRequestSchema, body, { checkText: false }))))
    .get('/pull', async ({ userId, query }) => ok(await pull(deps, userId, parseInput(pullQuerySchema, query).cursor)));
}
