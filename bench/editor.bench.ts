/**
 * Editor performance (issue 5): a 500-node / 600-connection flow opened in the visual editor in a real Chromium.
 * Reports time to interactive (navigation → every node mapped and the counter shown, first cards painted) and the
 * frames seen while panning for ~1.5 s, at the start zoom (0.8) and zoomed out to the whole flow (0.2).
 * Printed figures, not a timed test: the target is < 2 s to open and no long frames while panning.
 */
import { chromium, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { createTelegramEmulator } from '../tools/telegram-emulator/emulator.ts';
import { seedBigFlow } from './test-support/big-flow.ts';
import { startServerProcess } from './test-support/server-process.ts';

if (!existsSync('client/dist/index.html')) await Bun.spawn(['bun', 'run', 'build'], { stdout: 'ignore', stderr: 'inherit' }).exited;
const emulator = createTelegramEmulator({ rateLimits: false });
const server = await startServerProcess({ port: 3304, env: { TELEGRAM_API_ROOT: emulator.url } });
const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

async function json(response: Response) {
  const body = (await response.json()) as { success: boolean; data: Record<string, { id: string }> };
  if (!body.success) throw new Error(JSON.stringify(body));
  return body.data;
}

async function panFrames(page: Page, label: string) {
  const box = await page.getByTestId('flow-canvas').boundingBox();
  if (!box) throw new Error('no canvas');
  await page.evaluate(() => {
    const w = window as unknown as { frames_: number[]; counting: boolean };
    w.frames_ = [];
    w.counting = true;
    const tick = (t: number) => {
      if (!w.counting) return;
      w.frames_.push(t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const start = { x: box.x + box.width * 0.8, y: box.y + box.height * 0.8 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let step = 1; step <= 90; step++) {
    await page.mouse.move(start.x - step * 6, start.y - step * 4);
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
  const frames = await page.evaluate(() => {
    const w = window as unknown as { frames_: number[]; counting: boolean };
    w.counting = false;
    return w.frames_;
  });
  const gaps = frames.slice(1).map((t, i) => t - (frames[i] ?? t));
  const duration = (frames.at(-1) ?? 0) - (frames[0] ?? 0);
  const sorted = [...gaps].sort((a, b) => a - b);
  const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  console.log(
    `  pan (${label}): ${frames.length} frames em ${(duration / 1000).toFixed(2)} s = ${((frames.length / duration) * 1000).toFixed(1)} fps; ` +
      `intervalo p95 ${p95.toFixed(1)} ms, máx ${Math.max(...gaps).toFixed(1)} ms, ${gaps.filter((g) => g > 50).length} quadros > 50 ms`,
  );
}

try {
  const email = `bench.${crypto.randomUUID().slice(0, 8)}@exemplo.com`;
  const auth = await json(await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench', email, password: 'segredo123' }) }));
  const token = (auth.tokens as unknown as { accessToken: string }).accessToken;
  const call = async (method: string, path: string, body?: unknown) =>
    json(await fetch(`${server.url}/api${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) }));
  const bot = emulator.control.createBot({ username: 'editor_bench_bot', first_name: 'Bench' });
  const botId = (await call('POST', '/bots', { token: bot.token })).bot?.id;
  const flowId = (await call('POST', '/flows', { name: 'Fluxo grande', botId, executionContexts: ['private'] })).flow?.id ?? '';
  const seeded = performance.now();
  const size = await seedBigFlow(call, flowId);
  console.log(`editor: fluxo com ${size.nodes} nós e ${size.connections} conexões criado pela API em ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill('segredo123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/dashboard$/);
  for (const run of ['primeira abertura (frio)', 'segunda abertura']) {
    const started = Date.now();
    await page.goto(`${server.url}/flows/${flowId}/edit`);
    await page.getByText(`${size.nodes} nós · ${size.connections} conexões`).waitFor();
    await page.locator('[data-testid="flow-node"]').first().waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    console.log(`  tempo até interativo (${run}): ${Date.now() - started} ms (meta < 2000 ms)`);
  }
  await panFrames(page, 'zoom 0.8');
  await page.getByRole('button', { name: /fit view/i }).click();
  await page.waitForTimeout(300);
  const rendered = await page.locator('[data-testid="flow-node"]').count();
  await panFrames(page, `fluxo inteiro, ${rendered} cartões na tela`);
} finally {
  await browser.close();
  await server.stop();
  await emulator.stop();
}
