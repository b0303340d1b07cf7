import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { insertBot, insertFlow, registerUser } from '../test-support/fixtures.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../test-support/start-test-server.ts';
import { Elysia } from 'elysia';
import { compression } from './compression.ts';
import { negotiateEncoding } from './content-encoding.ts';
import { securityHeaders } from './security-headers.ts';

let server: TestServer;
let dist: string;
const BUNDLE = `export const greeting = ${JSON.stringify('olá '.repeat(2000))};\n`;
const PLAIN_SCRIPT = `console.log(${JSON.stringify('sem cópia comprimida '.repeat(200))});\n`;
const INDEX = `<!doctype html><title>Canalize</title><div id="root"></div>${'<!-- preenchimento -->'.repeat(80)}`;

/** Writes a file and the build's .br/.gz copies of it, a second older so the copies are current. */
function writeWithCopies(file: string, body: string) {
  writeFileSync(file, body);
  writeFileSync(`${file}.br`, brotliCompressSync(body));
  writeFileSync(`${file}.gz`, gzipSync(body));
  const older = new Date(Date.now() - 1000);
  utimesSync(file, older, older);
}

/** fetch without decoding, to see the bytes and headers as they travel. */
const raw = (url: string, headers: Record<string, string> = {}) => fetch(`${server.url}${url}`, { headers, decompress: false });

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'canalize-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeWithCopies(path.join(dist, 'index.html'), INDEX);
  writeWithCopies(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeWithCopies(path.join(dist, 'assets', 'index-abc123.js'), BUNDLE);
  writeFileSync(path.join(dist, 'assets', 'plain-def456.js'), PLAIN_SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'photo-1.png'), new Uint8Array(4096).fill(7));
  server = await startTestServer({ clientDistDir: dist });
}, SERVER_START_TIMEOUT_MS);
afterAll(async () => {
  await server.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe('Accept-Encoding negotiation', () => {
  test.each([
    [null, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0.5, gzip;q=1', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['gzip;q=0, *', 'br'],
    ['BR ; Q=0.8, gzip;q=0.7', 'br'],
    ['br;q=abc, gzip', 'gzip'],
  ] as const)('%p → %p', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('the built client', () => {
  test('sends the brotli copy to a browser that accepts it, with Vary and the length of the bytes sent', async () => {
    const response = await raw('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.byteLength);
    expect(body.byteLength).toBeLessThan(BUNDLE.length / 5);
    expect(brotliDecompressSync(body).toString()).toBe(BUNDLE);
  });

  test('sends gzip when the browser prefers it by q-value', async () => {
    const response = await raw('/assets/index-abc123.js', { 'accept-encoding': 'br;q=0.2, gzip;q=0.9' });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const body = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.byteLength);
    expect(gunzipSync(body).toString()).toBe(BUNDLE);
  });

  test.each([[{}], [{ 'accept-encoding': 'identity' }], [{ 'accept-encoding': 'br;q=0, gzip;q=0' }]])('sends the file as is for %p', async (headers) => {
    const response = await raw('/assets/index-abc123.js', headers);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(BUNDLE));
    expect(await response.text()).toBe(BUNDLE);
  });

  test('revalidates index.html with its ETag: 304 for the same copy, 200 for another encoding', async () => {
    const first = await raw('/dashboard', { 'accept-encoding': 'br' });
    const etag = first.headers.get('etag');
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(etag).toBeTruthy();
    const again = await raw('/dashboard', { 'accept-encoding': 'br', 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(await again.text()).toBe('');
    const otherEncoding = await raw('/dashboard', { 'accept-encoding': 'gzip', 'if-none-match': etag ?? '' });
    expect(otherEncoding.status).toBe(200);
    expect(otherEncoding.headers.get('etag')).not.toBe(etag);
  });

  test('a JS file without a copy is compressed on the fly like any JS answer (the tracking script too)', async () => {
    const response = await raw('/assets/plain-def456.js', { 'accept-encoding': 'br' });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    const body = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.byteLength);
    expect(brotliDecompressSync(body).toString()).toBe(PLAIN_SCRIPT);
  });

  test('an image is never recompressed', async () => {
    const response = await raw('/assets/photo-1.png', { 'accept-encoding': 'br, gzip' });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect((await response.arrayBuffer()).byteLength).toBe(4096);
  });

  test('pages and sw.js carry the Content-Security-Policy; hashed assets only the cheap headers', async () => {
    for (const page of ['/', '/login', '/sw.js']) {
      const response = await raw(page);
      const csp = response.headers.get('content-security-policy') ?? '';
      for (const directive of ["script-src 'self'", "worker-src 'self'", "manifest-src 'self'", "connect-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "img-src 'self' data: blob: https:"]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
    const asset = await raw('/assets/index-abc123.js');
    expect(asset.headers.get('content-security-policy')).toBeNull();
    expect(asset.headers.get('etag')).toBeNull();
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    const api = await raw('/api/health');
    expect(api.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('API answers', () => {
  test('a large JSON answer is compressed in the accepted encoding, a small one is not', async () => {
    const auth = await registerUser(server);
    const botId = await insertBot(server, auth.user.id);
    for (let i = 0; i < 20; i++) await insertFlow(server, auth.user.id, botId, `Fluxo de boas-vindas número ${i}`);
    const headers = { authorization: `Bearer ${auth.tokens.accessToken}` };
    const identity = await raw('/api/flows', headers);
    const plain = await identity.text();
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.headers.get('vary')).toContain('Accept-Encoding');
    expect(plain.length).toBeGreaterThan(1024);
    for (const [accept, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const response = await raw('/api/flows', { ...headers, 'accept-encoding': accept });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(accept);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      const body = new Uint8Array(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(body.byteLength);
      expect(body.byteLength).toBeLessThan(plain.length);
      expect(JSON.parse(decode(body).toString())).toEqual(JSON.parse(plain));
    }
    const small = await raw('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('vary')).toContain('Accept-Encoding');
    expect(await small.json()).toMatchObject({ success: true });
  });

  test('error envelopes keep their status through the hook, and carry the headers', async () => {
    const response = await raw('/api/nao-existe', { 'accept-encoding': 'br' });
    expect(response.status).toBe(404);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
  });

  test('the live event stream is never compressed and streams its first frame', async () => {
    const auth = await registerUser(server);
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/events`, {
      headers: { authorization: `Bearer ${auth.tokens.accessToken}`, 'accept-encoding': 'br, gzip' },
      signal: controller.signal,
      decompress: false,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain('event: ready');
    controller.abort();
  });

  test('the public tracking paths stay loadable by other sites', async () => {
    for (const url of ['/api/js/00000000-0000-4000-8000-000000000000.js', '/api/t/x']) {
      const response = await raw(url);
      expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(response.headers.get('cross-origin-embedder-policy')).toBeNull();
      expect(response.headers.get('content-security-policy')).toBeNull();
    }
  });
});

describe('the compression hook', () => {
  const big = { success: true, data: { items: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `Contato ${i}` })) } };
  const app = new Elysia()
    .use(compression())
    .post('/created', ({ set }) => {
      set.status = 201;
      return big;
    })
    .post('/wrapped', ({ status }) => status(202, big));
  const call = (url: string) => app.handle(new Request(`http://localhost${url}`, { method: 'POST', headers: { 'accept-encoding': 'gzip' } }));

  test('keeps the status a route set and compresses its JSON', async () => {
    const response = await call('/created');
    expect(response.status).toBe(201);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(new Uint8Array(await response.arrayBuffer())).toString())).toEqual(big);
  });

  test("leaves Elysia's status() answers to Elysia", async () => {
    const response = await call('/wrapped');
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual(big);
  });
});

describe('HSTS', () => {
  test('only when PUBLIC_URL is https', async () => {
    const request = () => new Request('http://localhost/api/health');
    const https = await securityHeaders({ publicUrl: 'https://canalize.exemplo.com' }).get('/api/health', () => 'ok').handle(request());
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const http = await securityHeaders({ publicUrl: 'http://localhost:3000' }).get('/api/health', () => 'ok').handle(request());
    expect(http.headers.get('strict-transport-security')).toBeNull();
    const unset = await securityHeaders({ publicUrl: undefined }).get('/api/health', () => 'ok').handle(request());
    expect(unset.headers.get('strict-transport-security')).toBeNull();
  });
});
