import { Elysia } from 'elysia';
import { canMutate, canReadTable } from '@shared/team/permissions.ts';
import { pullQuerySchema, pushRequestSchema } from '@shared/sync/protocol.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import { auditOrigin } from '../audit/recorder.ts';
import type { SyncDeps } from './apply-chunk.ts';
import { pull } from './pull-service.ts';
import { push } from './push-service.ts';

/** The offline sync endpoints (docs/offline-sync.md#rule-4, #rule-5), signed-in only. */
export function syncRoutes(deps: SyncDeps & { accessTokens: AccessTokens; trustProxy: boolean }) {
  return new Elysia({ prefix: '/sync' })
    .use(authGuard(deps.accessTokens))
    // Each mutation's args are checked on their own (mutations.ts), so a bad one fails alone, not the whole batch.
    // The member's role decides each mutation (shared/team/permissions.ts): one it does not allow fails on its own, visibly.
    .post('/push', async ({ userId, actor, body, request, server }) =>
      ok(await push({ ...deps, actor }, userId, parseInput(pushRequestSchema, body, { checkText: false }), {
        allowed: (name) => canMutate(actor.role, name), actorId: actor.id, origin: auditOrigin(request, server, deps.trustProxy),
      })))
    .get('/pull', async ({ userId, actor, query }) =>
      ok(await pull(deps, userId, parseInput(pullQuerySchema, query).cursor, undefined, (table) => canReadTable(actor.role, table))));
}
