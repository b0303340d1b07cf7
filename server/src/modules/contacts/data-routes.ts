/**
 * A contact's data on request (LGPD): GET /contacts/{id}/export downloads the JSON file of everything held about
 * the contact; DELETE /contacts/{id}/data erases it. Both write an audit line.
 */
import { Elysia } from 'elysia';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import { auditOrigin } from '../audit/recorder.ts';
import { eraseContactData, exportContactData, type ContactDataDeps } from './data-service.ts';

type Deps = ContactDataDeps & {
  accessTokens: AccessTokens;
  trustProxy: boolean;
  /** Tells the account's open consoles to pull: the erased rows leave every device's cache at once. */
  announceSync?: ((userId: string, clientId: string) => void) | undefined;
};

/** A file to save, never a page to render or a response to cache. */
export const downloadHeaders = (fileName: string) => ({
  'content-type': 'application/json; charset=utf-8',
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
});

export function contactDataRoutes(deps: Deps) {
  return new Elysia({ prefix: '/contacts' })
    .use(authGuard(deps.accessTokens))
    .get('/:id/export', async ({ userId, actor, params, request, server }) => {
      const document = await exportContactData(deps, { userId, actorId: actor.id, origin: auditOrigin(request, server, deps.trustProxy) }, params.id);
      return new Response(JSON.stringify(document, null, 2), { headers: downloadHeaders(`contato-${document.contact.id}.json`) });
    })
    .delete('/:id/data', async ({ userId, actor, params, request, server }) => {
      const erased = await eraseContactData(deps, { userId, actorId: actor.id, origin: auditOrigin(request, server, deps.trustProxy) }, params.id);
      deps.announceSync?.(userId, '');
      return ok({ erased });
    });
}
