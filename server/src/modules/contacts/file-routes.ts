/**
 * Contacts as files (docs/product.md#api-contacts), under the contacts routes' prefix: GET /contacts/export.csv
 * with the list's filters; the import's dry-run (POST /contacts/imports, which reads its own body), its start and
 * its progress. Static segments, so they win over the contacts routes' `/:id`. The export and the start are audited.
 */
import { Elysia } from 'elysia';
import { contactExportQuerySchema } from '@shared/contacts/export.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import { csvDownloadHeaders } from '../../lib/csv.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import { auditOrigin } from '../audit/recorder.ts';
import { contactsFileName, exportContacts } from './export.ts';
import { createImport, getImport, startImport } from './import-service.ts';
import { readImportUpload } from './import-upload.ts';
import type { ContactsDeps } from './service.ts';

type Deps = ContactsDeps & { accessTokens: AccessTokens; trustProxy: boolean };

export function contactFileRoutes(deps: Deps) {
  return new Elysia()
    .use(authGuard(deps.accessTokens))
    .get('/export.csv', async ({ userId, actor, query, request, server }) => {
      const who = { actorId: actor.id, origin: auditOrigin(request, server, deps.trustProxy) };
      const csv = await exportContacts(deps, userId, who, parseInput(contactExportQuerySchema, query));
      return new Response(csv, { headers: csvDownloadHeaders(contactsFileName(new Date())) });
    })
    .post(
      '/imports',
      async ({ userId, actor, request, query, set }) => {
        const contactImport = await createImport(deps, userId, actor, await readImportUpload(request, query));
        set.status = 201;
        return ok({ import: contactImport });
      },
      { parse: 'none' },
    )
    .get('/imports/:id', async ({ userId, params }) => ok({ import: await getImport(deps, userId, params.id) }))
    .post('/imports/:id/start', async ({ userId, actor, params, request, server }) => {
      const who = { actorId: actor.id, origin: auditOrigin(request, server, deps.trustProxy) };
      return ok({ import: await startImport(deps, userId, who, params.id) });
    });
}
