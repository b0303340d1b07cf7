/**
 * docs/product.md#api-acessos, the webhooks of paid access. `POST /access/webhooks/{planId}/{gateway}` is public
 * (no session: the gateway's signature or token is the authentication) and reads its own body, raw, under
 * WEBHOOK_BODY_MAX (http/request-input.ts leaves the prefix to it): the signature covers the exact bytes. The log,
 * "Reprocessar" and the test purchase are the `access` area's (owners and admins).
 */
import { Elysia } from 'elysia';
import { testPurchaseInputSchema, webhookLogQuerySchema } from '@shared/access/webhook-log.ts';
import { authGuard } from '../../../http/auth-guard.ts';
import { ok } from '../../../http/envelope.ts';
import { readLimited } from '../../../http/request-input.ts';
import { parseInput } from '../../../http/validate.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { AccessTokens } from '../../auth/access-token.ts';
import { listWebhooks, reprocessWebhook } from './log-service.ts';
import { isGateway, planOf, receiveWebhook, type WebhookDeps } from './receive.ts';
import { sendTestPurchase } from './test-purchase.ts';

/** The largest purchase payload a gateway sends is a few KB; 256 KB leaves room and caps what a stranger can make us hold. */
export const WEBHOOK_BODY_MAX = 256 * 1024;

type Deps = WebhookDeps & { accessTokens: AccessTokens };

export function accessWebhookRoutes(deps: Deps) {
  return new Elysia({ prefix: '/access' }).use(publicRoutes(deps)).use(logRoutes(deps));
}

function publicRoutes(deps: Deps) {
  return new Elysia().post(
    '/webhooks/:id/:gateway',
    async ({ params, request, set }) => {
      if (!isGateway(params.gateway)) throw notFound();
      const plan = await planOf(deps.sql, params.id, true);
      const rawBody = await readLimited(request, WEBHOOK_BODY_MAX);
      const receipt = await receiveWebhook(deps, plan, params.gateway, { headers: request.headers, query: new URL(request.url).searchParams, rawBody }, { test: false });
      if (receipt.status !== 200) throw new AppError('WEBHOOK_NOT_PROCESSED', receipt.status, receipt.reason ?? undefined);
      set.status = 200;
      return ok({ webhook: { id: receipt.webhookId, status: receipt.outcome } });
    },
    { parse: 'none' },
  );
}

function logRoutes(deps: Deps) {
  return new Elysia()
    .use(authGuard(deps.accessTokens))
    .get('/webhooks', async ({ userId, query }) => ok(await listWebhooks(deps, userId, parseInput(webhookLogQuerySchema, query))))
    .post('/webhooks/:id/reprocess', async ({ userId, params }) => ok(await reprocessWebhook(deps, userId, params.id)))
    .post('/plans/:id/test-purchase', async ({ userId, params, body }) => ok(await sendTestPurchase(deps, userId, params.id, parseInput(testPurchaseInputSchema, body ?? {}))));
}
