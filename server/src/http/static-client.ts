/**
 * Serves the built PWA (client/dist) by hand instead of @elysiajs/static, whose fixed `max-age=86400` would pin a
 * stale service worker and whose catch-all hides the SPA fallback (docs/stack-notes.md#elysia-static). Cache policy:
 * - sw.js, index.html, manifest: `no-cache`, so a deploy reaches users on their next visit;
 * - /assets/*: content-hashed by Vite, so cached for a year and immutable;
 * - any other non-API GET without a file: index.html (client-side routes such as /dashboard).
 * Encoding: the build writes a brotli (.br) and a gzip (.gz) copy of every text file (client/vite.config.ts); the
 * copy the browser accepts is sent with `Vary: Accept-Encoding`, the length of the bytes sent and an ETag per copy,
 * so a revalidated index.html or sw.js costs a 304. The service worker's precache fetches through the browser's
 * network stack with its Accept-Encoding, and stores the decoded body, so it gets the same copies.
 * Pages (and sw.js, the worker's policy) carry the document Content-Security-Policy (http/security-headers.ts).
 */
import { Elysia } from 'elysia';
import path from 'node:path';
import { AppError } from '../lib/errors.ts';
import { isCompressibleType, negotiateEncoding, type Encoding } from './content-encoding.ts';
import { DOCUMENT_HEADERS } from './security-headers.ts';
import { pathOf } from '../lib/request-path.ts';

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
    .get('/sw.js', ({ request }) => serveFile(root, 'sw.js', NO_CACHE, request))
    .get('/*', ({ request }) => {
      const pathname = pathOf(request.url);
      // Belt and braces with the API's own catch-all: an API path never answers with the SPA's HTML.
      if (pathname === '/api' || pathname.startsWith('/api/')) throw new AppError('ROUTE_NOT_FOUND', 404);
      return serveClientPath(root, pathname, request);
    });
}

async function serveClientPath(root: string, pathname: string, request: Request): Promise<Response> {
  const relative = safeRelative(root, pathname);
  if (relative && relative !== 'index.html') {
    const file = Bun.file(path.join(root, relative));
    const stat = await fileStat(file);
    if (stat) return fileResponse(file, stat, cachePolicy(relative), request);
    // A missing hashed asset must not come back as HTML: the browser would try to run it as a script.
    if (relative.startsWith('assets/')) return new Response('Não encontrado', { status: 404 });
  }
  return serveIndex(root, request);
}

async function serveFile(root: string, name: string, cacheControl: string, request: Request): Promise<Response> {
  const file = Bun.file(path.join(root, name));
  const stat = await fileStat(file);
  if (stat) return fileResponse(file, stat, cacheControl, request);
  return new Response('Não encontrado', { status: 404 });
}

async function serveIndex(root: string, request: Request): Promise<Response> {
  const index = Bun.file(path.join(root, 'index.html'));
  const stat = await fileStat(index);
  if (stat) return fileResponse(index, stat, NO_CACHE, request);
  return new Response(NOT_BUILT_HTML, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': NO_CACHE, ...DOCUMENT_HEADERS },
  });
}

type FileStat = { size: number; mtimeMs: number };

async function fileResponse(file: Bun.BunFile, stat: FileStat, cacheControl: string, request: Request): Promise<Response> {
  const contentType = file.type;
  const headers = new Headers({ 'cache-control': cacheControl, 'content-type': contentType });
  if (contentType.startsWith('text/html') || file.name?.endsWith('/sw.js')) for (const [name, value] of Object.entries(DOCUMENT_HEADERS)) headers.set(name, value);
  let body = file;
  let served = stat;
  if (isCompressibleType(contentType)) {
    headers.set('vary', 'Accept-Encoding');
    const variant = await precompressed(file, stat, negotiateEncoding(request.headers.get('accept-encoding')));
    if (variant) {
      headers.set('content-encoding', variant.encoding);
      body = variant.file;
      served = variant.stat;
    }
  }
  // Weak: the validator names the bytes of one build's copy, enough to revalidate no-cache files with a 304. An
  // immutable file is never revalidated: no ETag, ~30 bytes less on each of a first visit's requests.
  if (cacheControl !== IMMUTABLE) {
    const etag = `W/"${served.size.toString(36)}-${Math.trunc(served.mtimeMs).toString(36)}${headers.has('content-encoding') ? `-${headers.get('content-encoding')}` : ''}"`;
    headers.set('etag', etag);
    if (matchesEtag(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  }
  headers.set('content-length', String(served.size));
  return new Response(body, { headers });
}

const EXTENSIONS: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The build's compressed copy in the chosen encoding, unless it is missing or older than the file itself. */
async function precompressed(file: Bun.BunFile, stat: FileStat, encoding: Encoding | undefined) {
  if (!encoding || !file.name) return undefined;
  const copy = Bun.file(`${file.name}${EXTENSIONS[encoding]}`);
  const copyStat = await fileStat(copy);
  if (!copyStat || copyStat.mtimeMs < stat.mtimeMs) return undefined;
  return { encoding, file: copy, stat: copyStat };
}

function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
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

async function fileStat(file: Bun.BunFile): Promise<FileStat | undefined> {
  try {
    const stat = await file.stat();
    return stat.isFile() ? { size: stat.size, mtimeMs: stat.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}
