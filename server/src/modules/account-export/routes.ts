/**
 * GET /api/account/export: the workspace's whole data (its owners only, http/route-areas.ts) as one JSON file, streamed (modules/account-export/service.ts),
 * gzip-compressed on the way when the client accepts it. Its audit line is written before the file starts.
 */
import { Elysia } from 'elysia';
import type { Queryable } from '../../db/client.ts';
import { authGuard } from '../../http/auth-guard.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import { auditOrigin } from '../audit/recorder.ts';
import { downloadHeaders } from '../contacts/data-routes.ts';
import { accountExport } from './service.ts';

type Deps = { sql: Queryable; logger: Logger; accessTokens: AccessTokens; trustProxy: boolean };

const acceptsGzip = (request: Request) => /\bgzip\b/i.test(request.headers.get('accept-encoding') ?? '');

export function accountExportRoutes(deps: Deps) {
  return new Elysia({ prefix: '/account' })
    .use(authGuard(deps.accessTokens))
    .get('/export', async ({ userId, actor, request, server }) => {
      const stream = await accountExport(deps, { userId, actorId: actor.id, origin: auditOrigin(request, server, deps.trustProxy) });
      const day = new Date().toISOString().slice(0, 10);
      const headers = new Headers(downloadHeaders(`canalize-dados-${day}.json`));
      headers.set('vary', 'Accept-Encoding');
      if (!acceptsGzip(request)) return new Response(stream, { headers });
      headers.set('content-encoding', 'gzip');
      return new Response(stream.pipeThrough(new CompressionStream('gzip')), { headers });
    });
}
