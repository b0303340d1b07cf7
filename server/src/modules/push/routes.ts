/**
 * Web push (docs/product.md#api-push, docs/decisions.md#web-push): the public key a browser subscribes with, the
 * user's subscriptions on this device (added and removed by endpoint, only ever the caller's own), and the
 * presence heartbeat of an open conversation.
 */
import { Elysia } from 'elysia';
import { pushPresenceInputSchema, pushSubscriptionInputSchema, pushUnsubscribeInputSchema } from '@shared/push/schemas.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import * as push from './service.ts';

export type PushRouteDeps = push.PushServiceDeps & { accessTokens: AccessTokens; encryptionKey: Uint8Array };

export function pushRoutes(deps: PushRouteDeps) {
  return new Elysia({ prefix: '/push' })
    .use(authGuard(deps.accessTokens))
    .get('/public-key', async () => ok({ publicKey: (await push.vapidKeys(deps.sql, deps.encryptionKey)).publicKey }))
    .post('/subscriptions', async ({ userId, actor, sessionId, body, headers, set }) => {
      await push.subscribe(deps, { userId, memberId: actor.id, sessionId }, parseInput(pushSubscriptionInputSchema, body), headers['user-agent'] ?? null);
      set.status = 201;
      return ok({ subscribed: true as const });
    })
    .delete('/subscriptions', async ({ userId, body }) => ok({ removed: await push.unsubscribe(deps, userId, parseInput(pushUnsubscribeInputSchema, body).endpoint) }))
    .put('/presence', async ({ userId, actor, body }) => {
      await push.reportPresence(deps, { userId, memberId: actor.id }, parseInput(pushPresenceInputSchema, body));
      return ok({ reported: true as const });
    });
}
