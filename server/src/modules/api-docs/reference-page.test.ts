import { afterAll, describe, expect, test } from 'bun:test';
import { DOCUMENT_CSP } from '../../http/security-headers.ts';
import { unqueriedApp } from '../../test-support/app-routes.ts';

// The reference needs no database.
const { app, close } = unqueriedApp();
afterAll(close);

const get = (path: string, headers: Record<string, string> = {}) => app.handle(new Request(`http://localhost${path}`, { headers }));

describe('the API reference page', () => {
  test('/api/docs is a pt-BR page under the document CSP, loading only scripts of this origin', async () => {
    const page = await get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toBe(DOCUMENT_CSP);
    const html = await page.text();
    expect(html).toContain('<html lang="pt-BR">');
    expect([...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1])).toEqual(['/api/docs/init.js', '/api/docs/scalar.js']);
    expect(html).not.toMatch(/<script>|<script [^s]|https?:\/\//);
  });

  test("Scalar's bundle is served from here, gzipped, revalidated by its version", async () => {
    const script = await get('/api/docs/scalar.js', { 'accept-encoding': 'gzip, br' });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.headers.get('content-encoding')).toBe('gzip');
    const etag = script.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"scalar-\d+\.\d+\.\d+"$/);
    const text = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await script.arrayBuffer())));
    expect(text).toContain('createApiReference');
    expect((await get('/api/docs/scalar.js', { 'if-none-match': etag })).status).toBe(304);
  });

  test('the options point at this origin and turn off what would reach another site', async () => {
    const init = await (await get('/api/docs/init.js')).text();
    expect(init).toStartWith('globalThis.__zod_globalConfig = { jitless: true };');
    expect(init).toContain("Scalar.createApiReference('#referencia', ");
    const options = JSON.parse(init.match(/createApiReference\('#referencia', (\{.*\})\)\);/s)?.[1] ?? 'null');
    expect(options).toMatchObject({ url: '/api/openapi.json', withDefaultFonts: false, telemetry: false, proxyUrl: '', agent: { disabled: true } });
  });

  test('/api/openapi.json is public JSON with the API CSP; an unknown file of the page is a JSON 404', async () => {
    const document = await get('/api/openapi.json');
    expect(document.status).toBe(200);
    expect(document.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(Reflect.get(Object(await document.json()), 'openapi')).toBe('3.1.1');
    const missing = await get('/api/docs/outro.js');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });
});
