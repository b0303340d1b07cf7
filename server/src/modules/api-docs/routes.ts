/**
 * GET /api/openapi.json (the document, generated once per process) and the reference page /api/docs with its two
 * scripts. Public: the document describes routes, never data. The page carries the document CSP the app's pages
 * carry (security-headers.ts): it needs nothing more, since every script is served from here and Scalar's styles
 * are inline <style> elements, which that policy already allows.
 */
import { Elysia } from 'elysia';
import { DOCUMENT_HEADERS } from '../../http/security-headers.ts';
import { buildOpenApiDocument } from './openapi-document.ts';
import { REFERENCE_FILES, REFERENCE_HTML, REFERENCE_INIT, referenceBundle, SCALAR_ETAG } from './reference-page.ts';

let documentJson: string | undefined;

const SCRIPT = { 'content-type': 'text/javascript; charset=utf-8' };

export function apiDocsRoutes() {
  return new Elysia({ prefix: '/api' })
    .get('/openapi.json', () => new Response((documentJson ??= JSON.stringify(buildOpenApiDocument())), {
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' },
    }))
    .get('/docs', () => new Response(REFERENCE_HTML, { headers: { 'content-type': 'text/html; charset=utf-8', ...DOCUMENT_HEADERS, 'cache-control': 'no-cache' } }))
    .get(`/docs/${REFERENCE_FILES.init}`, () => new Response(REFERENCE_INIT, { headers: { ...SCRIPT, 'cache-control': 'no-cache' } }))
    .get(`/docs/${REFERENCE_FILES.script}`, async ({ request }) => {
      if (request.headers.get('if-none-match') === SCALAR_ETAG) return new Response(null, { status: 304, headers: { etag: SCALAR_ETAG } });
      const { plain, gzip } = await referenceBundle();
      const gzipped = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
      return new Response(gzipped ? gzip : plain, {
        headers: { ...SCRIPT, 'cache-control': 'no-cache', etag: SCALAR_ETAG, vary: 'Accept-Encoding', ...(gzipped ? { 'content-encoding': 'gzip' } : {}) },
      });
    });
}
