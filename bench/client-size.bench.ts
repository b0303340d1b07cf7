/**
 * What a browser really downloads from the real server (built client, `bun server/src/index.ts`): bytes on the wire
 * as Chromium's network log counts them (CDP Network.loadingFinished encodedDataLength: headers plus the encoded
 * body, after whatever Content-Encoding the server chose for Chromium's Accept-Encoding), cross-checked against the
 * page's resource timing (encodedBodySize, body only). Two moments:
 * - a first visit to /login in a fresh profile (no cache, no service worker yet): JavaScript, CSS, total;
 *   target: initial JavaScript ≤ 120 KB on the wire;
 * - signing in from there: what the dashboard adds (lazy route chunks, the offline engine, API answers).
 * The service worker is blocked there so its precache is not mixed in; a third figure is that precache: what the
 * worker downloads in the background after a first visit (Playwright's sizes of the worker's requests).
 */
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { clientBuildIsStale } from '../server/src/boot/ensure-client-build.ts';
import { startServerProcess } from './test-support/server-process.ts';

const LOGIN_JS_TARGET_KB = 120;

type Transfer = { url: string; kind: 'js' | 'css' | 'html' | 'api' | 'other'; wire: number; encoding: string };

// Measure what the sources build today, not an older client/dist.
if (!existsSync('client/dist/index.html') || clientBuildIsStale()) {
  await Bun.spawn(['bun', 'run', 'build'], { stdout: 'ignore', stderr: 'inherit' }).exited;
}
const server = await startServerProcess({ port: 3302 });
const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

function kindOf(url: URL, mimeType: string): Transfer['kind'] {
  if (url.pathname.startsWith('/api/')) return 'api';
  if (mimeType.includes('javascript')) return 'js';
  if (mimeType.includes('css')) return 'css';
  if (mimeType.includes('html')) return 'html';
  return 'other';
}

/** Records every finished request of the page from the network log, keyed by CDP request id. */
async function networkLog(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const pending = new Map<string, Omit<Transfer, 'wire'>>();
  const done: Transfer[] = [];
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const url = new URL(response.url);
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? 'identity';
    pending.set(requestId, { url: url.pathname, kind: kindOf(url, response.mimeType), encoding });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const seen = pending.get(requestId);
    if (seen) done.push({ ...seen, wire: encodedDataLength });
  });
  return {
    /** The transfers finished since the last call. */
    take: () => done.splice(0),
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sum = (transfers: Transfer[], kind?: Transfer['kind']) => transfers.filter((t) => !kind || t.kind === kind).reduce((total, t) => total + t.wire, 0);

/** Body bytes of the scripts per the page's own resource timing (transferSize includes headers, encodedBodySize not). */
async function scriptBodies(page: Page) {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming && entry.name.endsWith('.js'))
      .reduce((acc, entry) => ({ body: acc.body + entry.encodedBodySize, decoded: acc.decoded + entry.decodedBodySize, transfer: acc.transfer + entry.transferSize }), { body: 0, decoded: 0, transfer: 0 }),
  );
}

try {
  const email = `bench.${crypto.randomUUID().slice(0, 8)}@exemplo.com`;
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email, password: 'segredo123' }),
  });
  if (!registered.ok) throw new Error(`register: ${registered.status}`);

  const page = await browser.newPage({ serviceWorkers: 'block' });
  const log = await networkLog(page);
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
  const login = log.take();
  const timing = await scriptBodies(page);
  for (const t of login.filter((x) => x.kind === 'js').sort((a, b) => b.wire - a.wire)) console.log(`  ${t.url}: ${kb(t.wire)} KB (${t.encoding})`);
  const loginJs = sum(login, 'js');
  console.log(
    `client-size: primeira visita a /login = ${kb(loginJs)} KB de JavaScript na rede em ${login.filter((t) => t.kind === 'js').length} arquivos ` +
      `(meta ≤ ${LOGIN_JS_TARGET_KB} KB; corpos ${kb(timing.body)} KB, ${kb(timing.decoded)} KB descomprimidos), ` +
      `CSS ${kb(sum(login, 'css'))} KB, total ${kb(sum(login))} KB em ${login.length} respostas` +
      (loginJs / 1024 <= LOGIN_JS_TARGET_KB ? '' : ' — ACIMA DA META'),
  );

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill('segredo123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  // networkidle is 500 ms without a request; the network log's last events can trail it.
  await page.waitForTimeout(500);
  const dashboard = log.take();
  console.log(
    `client-size: /dashboard depois de entrar = +${kb(sum(dashboard, 'js'))} KB de JavaScript em ${dashboard.filter((t) => t.kind === 'js').length} arquivos, ` +
      `CSS +${kb(sum(dashboard, 'css'))} KB, API ${kb(sum(dashboard, 'api'))} KB em ${dashboard.filter((t) => t.kind === 'api').length} respostas, ` +
      `total +${kb(sum(dashboard))} KB (acumulado ${kb(sum(login) + sum(dashboard))} KB)`,
  );

  // What follows a first visit in the background: the service worker precaches the whole app shell.
  const withWorker = await browser.newContext({ serviceWorkers: 'allow' });
  const precache: Promise<number>[] = [];
  withWorker.on('requestfinished', (request) => {
    if (request.serviceWorker()) precache.push(request.sizes().then((sizes) => sizes.responseHeadersSize + sizes.responseBodySize));
  });
  const installing = await withWorker.newPage();
  await installing.goto(`${server.url}/login`);
  await installing.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await installing.waitForLoadState('networkidle');
  const precached = await Promise.all(precache);
  console.log(`client-size: precache do service worker depois da primeira visita = ${kb(precached.reduce((a, b) => a + b, 0))} KB na rede em ${precached.length} respostas`);
  await withWorker.close();
} finally {
  await browser.close();
  await server.stop();
}
