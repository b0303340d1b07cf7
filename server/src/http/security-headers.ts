/**
 * Security headers on every answer:
 * - the pages (index.html for every client route, and sw.js, whose own header is the worker's policy) carry
 *   DOCUMENT_CSP, set by http/static-client.ts; hashed scripts and styles do not repeat it (a policy on a
 *   subresource does nothing and costs ~400 bytes per request on a first visit);
 * - API answers carry API_CSP: nothing in a JSON or an uploaded file may run or be framed if opened directly;
 * - pages and API answers: a referrer policy that keeps paths on this origin (it governs what a document sends;
 *   the hashed files fetch nothing that would carry a referrer worth hiding, so they skip it);
 * - everything: nosniff, HSTS when PUBLIC_URL is https.
 * The public tracking script (/api/js/…) and its ingestion endpoints (/api/t/…) are loaded by other sites: they get
 * `Cross-Origin-Resource-Policy: cross-origin` and no CSP, and nothing here sets COEP/COOP that would refuse them.
 */
import { Elysia } from 'elysia';
import { pathOf } from '../lib/request-path.ts';

/**
 * script-src 'self': the only scripts are Vite's hashed files (client/index.html has no inline script).
 * style-src 'unsafe-inline': sonner inserts its stylesheet as a <style> element when it loads; a hash of that text
 * would break silently on each sonner release, and injected CSS cannot run code. React's style props go through
 * CSSOM, which CSP does not govern. img-src/media-src https: media previews show files by URL.
 */
export const DOCUMENT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** The headers of a page (index.html for any client route) and of sw.js, set by http/static-client.ts. */
export const DOCUMENT_HEADERS = { 'content-security-policy': DOCUMENT_CSP, 'referrer-policy': REFERRER_POLICY } as const;

/** A year, with subdomains: only sent when the deployment is https (a header over http would be ignored anyway). */
const HSTS = 'max-age=31536000; includeSubDomains';

const isCrossOriginPublic = (pathname: string) => pathname.startsWith('/api/js/') || pathname.startsWith('/api/t/');

export function securityHeaders(options: { publicUrl: string | undefined }) {
  const https = options.publicUrl?.startsWith('https://') ?? false;
  return new Elysia({ name: 'canalize/security-headers' }).onRequest(({ request, set }) => {
    set.headers['x-content-type-options'] = 'nosniff';
    if (https) set.headers['strict-transport-security'] = HSTS;
    const pathname = pathOf(request.url);
    if (pathname !== '/api' && !pathname.startsWith('/api/')) return;
    set.headers['referrer-policy'] = REFERRER_POLICY;
    if (isCrossOriginPublic(pathname)) set.headers['cross-origin-resource-policy'] = 'cross-origin';
    else set.headers['content-security-policy'] = API_CSP;
  });
}
