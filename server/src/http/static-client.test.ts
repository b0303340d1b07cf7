import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../test-support/start-test-server.ts';

let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'canalize-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Canalize</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Canalize"}');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'icon-192.png'), 'png');
  server = await startTestServer({ clientDistDir: dist });
}, SERVER_START_TIMEOUT_MS);
afterAll(async () => {
  await server.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe('static client', () => {
  test('serves sw.js with Cache-Control: no-cache', async () => {
    const response = await server.api('/sw.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(await response.text()).toContain('install');
  });

  test('serves hashed assets as immutable for a year', async () => {
    const response = await server.api('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('serves index.html and the manifest with no-cache', async () => {
    const index = await server.api('/');
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toContain('<div id="root">');
    const manifest = await server.api('/manifest.webmanifest');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });

  test.each(['/dashboard', '/bots/123', '/login?next=/flows'])('falls back to index.html for %s', async (page) => {
    const response = await server.api(page);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<div id="root">');
  });

  test('a missing hashed asset is a 404, not HTML', async () => {
    const response = await server.api('/assets/missing-123.js');
    expect(response.status).toBe(404);
  });

  test('never serves files outside the build folder', async () => {
    const response = await server.api('/..%2f..%2fetc%2fpasswd');
    expect(await response.text()).toContain('<div id="root">');
  });

  test('unknown API paths stay JSON 404 even with a client build', async () => {
    const response = await server.api('/api/nada');
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('ROUTE_NOT_FOUND');
  });
});
