/**
 * The JavaScript a first visit to /login downloads, gzipped (target ≤ 180 KB), measured in a real Chromium:
 * every script response the page loads before it is idle, compressed as a server or CDN would send it.
 */
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { clientBuildIsStale } from '../server/src/boot/ensure-client-build.ts';
import { startServerProcess } from './test-support/server-process.ts';

// Measure what the sources build today, not an older client/dist.
if (!existsSync('client/dist/index.html') || clientBuildIsStale()) {
  await Bun.spawn(['bun', 'run', 'build'], { stdout: 'ignore', stderr: 'inherit' }).exited;
}
const server = await startServerProcess({ port: 3302 });
const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ serviceWorkers: 'block' });
  const scripts: Promise<{ url: string; raw: number; gzip: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length })));
  });
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
  const loaded = await Promise.all(scripts);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  for (const script of loaded) console.log(`  ${script.url}: ${kb(script.raw)} KB (${kb(script.gzip)} KB gzip)`);
  const total = loaded.reduce((sum, s) => sum + s.gzip, 0);
  console.log(`client-size: JavaScript inicial de /login = ${kb(total)} KB gzip em ${loaded.length} arquivos (meta ≤ 180 KB)`);
} finally {
  await browser.close();
  await server.stop();
}
