/**
 * A request whose Host header is not a host (spaces, quotes, a port past 65535, nothing at all) is refused first,
 * before any route reads a URL built from it: a 400 in the API's pt-BR envelope, or a plain page for a document.
 * Such requests come from probes, never from a browser, and nothing may answer them with more than that.
 */
import { Elysia } from 'elysia';
import { pathOf } from '../lib/request-path.ts';
import { failureBody, jsonResponse } from './envelope.ts';

/** A name or address, optionally with a port: what a URL's authority may hold, minus user info. */
const HOST = /^(?:[a-z0-9._~!$&'()*+,;=-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export function isValidHost(host: string | null): boolean {
  if (!host || !HOST.test(host)) return false;
  return URL.canParse(`http://${host}/`);
}

/**
 * Bun builds an absolute URL only from a Host it can use, and leaves the bare request target otherwise; a Request
 * made in-process (app.handle in tests) has an absolute URL and may have no Host header at all.
 */
function hasUsableHost(request: Request): boolean {
  if (request.url.startsWith('/')) return false;
  const host = request.headers.get('host');
  return host === null || isValidHost(host);
}

const INVALID_PAGE = '<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Requisição inválida</title><p>Requisição inválida.</p></html>';

export function hostGate() {
  return new Elysia({ name: 'canalize/host-gate' }).onRequest(({ request }) => {
    if (hasUsableHost(request)) return;
    const pathname = pathOf(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) return jsonResponse(400, failureBody('INVALID_HOST'));
    return new Response(INVALID_PAGE, { status: 400, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
  });
}
