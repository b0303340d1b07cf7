/**
 * Serves the built PWA (client/dist) by hand instead of @elysiajs/static, whose fixed `max-age=86400` would pin a
 * stale service worker and whose catch-all hides the SPA fallback (docs/stack-notes.md#elysia-static). Cache policy:
 * - sw.js, index.html, manifest: `no-cache`, so a deploy reaches users on their next visit;
 * - /assets/*: content-hashed by Vite, so cached for a year and immutable;
 * - any other non-API GET without a file: index.html (client-side routes such as /dashboard).
 */
import { Elysia } from 'elysia';
import path from 'node:path';
import { AppError } from '../lib/errors.ts';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';

const NOT_BUILT_HTML = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Canalize</title></head>
<body><h1>Canalize</h1><p>O cliente web ainda não foi gerado. Execute <code>bun run build</code> e recarregue a página.
A API continua disponível em <code>/api</code>.</p></body></html>`;

export function staticClient(distDir: string) {
  const root = path.resolve(distDir);
  return new Elysia({ name: 'canalize/static-client' })
    .get('/sw.js', () => serveFile(root, 'sw.js', NO_CACHE))
    .get('/*', ({ request }) => {
      const pathname = new URL(request.url).pathname;
      // Belt and braces with the API's own catch-all: an API path never answers with the SPA's HTML.
      if (pathname === '/api' || pathname.startsWith('/api/')) throw new AppError('ROUTE_NOT_FOUND', 404);
      return serveClientPath(root, pathname);
    });
}

async function serveClientPath(root: string, pathname: string): Promise<Response> {
  const relative = safeRelative(root, pathname);
  if (relative && relative !== 'index.html') {
    const file = Bun.file(path.join(root, relative));
    if (await isFile(file)) return fileResponse(file, cachePolicy(relative));
    // A missing hashed asset must not come back as HTML: the browser would try to run it as a script.
    if (relative.startsWith('assets/')) return new Response('Não encontrado', { status: 404 });
  }
  return serveIndex(root);
}

async function serveFile(root: string, name: string, cacheControl: string): Promise<Response> {
  const file = Bun.file(path.join(root, name));
  if (await isFile(file)) return fileResponse(file, cacheControl);
  return new Response('Não encontrado', { status: 404 });
}

async function serveIndex(root: string): Promise<Response> {
  const index = Bun.file(path.join(root, 'index.html'));
  if (await isFile(index)) return fileResponse(index, NO_CACHE);
  return new Response(NOT_BUILT_HTML, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': NO_CACHE },
  });
}

function fileResponse(file: Bun.BunFile, cacheControl: string): Response {
  return new Response(file, { headers: { 'cache-control': cacheControl, 'content-type': file.type } });
}

function cachePolicy(relative: string): string {
  if (relative.startsWith('assets/')) return IMMUTABLE;
  if (relative === 'sw.js' || relative.endsWith('.webmanifest') || relative.endsWith('.html')) return NO_CACHE;
  return SHORT;
}

/** The request path relative to root, or undefined when it would escape root (../ tricks) or is the root. */
function safeRelative(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const absolute = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (absolute === root || !absolute.startsWith(`${root}${path.sep}`)) return undefined;
  return path.relative(root, absolute).split(path.sep).join('/');
}

async function isFile(file: Bun.BunFile): Promise<boolean> {
  try {
    return (await file.stat()).isFile();
  } catch {
    return false;
  }
}
