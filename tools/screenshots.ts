/**
 * `bun run screenshots`: real screens of the app, phone (390×844) and laptop (1366×800), for the README and the
 * web app manifest's install sheet. Needs a build (`bun run build`). Starts the Bot API emulator in this process
 * and the product as its own process on a fresh data directory, fills an account through the API and the
 * emulator (a bot, a channel, contacts who wrote, a flow), then photographs the screens in Chromium.
 *   SCREENSHOTS_PORT (3390) · CHROMIUM_PATH (/usr/bin/chromium)
 * Writes client/public/screenshots/*.png (served with the app; the manifest names two of them).
 */
import { chromium, type Page } from '@playwright/test';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTelegramEmulator } from './telegram-emulator/emulator.ts';

const port = Number(process.env.SCREENSHOTS_PORT ?? 3390);
const origin = `http://localhost:${port}`;
const outDir = path.join(import.meta.dir, '..', 'client', 'public', 'screenshots');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const token = '7000000002:AAHscreenshotsCanalizeToken_012345678';

if (!existsSync(path.join(import.meta.dir, '..', 'client', 'dist', 'index.html'))) {
  console.error('Rode `bun run build` antes: as capturas mostram o app construído.');
  process.exit(1);
}

const emulator = createTelegramEmulator({ port: 0, rateLimits: false });
const { control } = emulator;
control.createBot({ token, username: 'loja_da_ana_bot', first_name: 'Loja da Ana' });
const owner = control.createUser({ first_name: 'Ana', last_name: 'Souza', username: 'ana_souza', language_code: 'pt-br' });
const channel = control.createChat({ type: 'channel', title: 'Ofertas da Ana', creatorId: owner.id });
const group = control.createChat({ type: 'supergroup', title: 'Clientes VIP', creatorId: owner.id });
for (const chat of [channel, group]) control.promoteBot({ chatId: chat.id, bot: token });

const dataDir = mkdtempSync(path.join(tmpdir(), 'canalize-screenshots-'));
const server = Bun.spawn(['bun', 'server/src/index.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', TELEGRAM_API_ROOT: emulator.url },
  stdout: 'inherit',
  stderr: 'inherit',
});

async function waitForServer() {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (await fetch(`${origin}/api/health`).then((r) => r.ok, () => false)) return;
    await Bun.sleep(200);
  }
  throw new Error('o servidor não respondeu');
}

async function api<T>(method: string, route: string, body: unknown, accessToken?: string): Promise<T> {
  const response = await fetch(`${origin}/api${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** An account with a bot, its chats, people who wrote to it and a small flow: what an operator sees after a week. */
async function seed() {
  const account = { name: 'Ana Souza', email: 'ana@lojadaana.com.br', password: 'segredo123' };
  const { tokens } = await api<{ tokens: { accessToken: string } }>('POST', '/auth/register', account);
  const auth = tokens.accessToken;
  const { bot } = await api<{ bot: { id: string } }>('POST', '/bots', { token }, auth);
  const { flow } = await api<{ flow: { id: string } }>('POST', '/flows', { name: 'Boas-vindas da loja', description: 'Responde ao /start com o cardápio', botId: bot.id, executionContexts: ['private'] }, auth);
  const node = async (type: string, subType: string, config: Record<string, unknown>, x: number, y: number) =>
    (await api<{ node: { id: string } }>('POST', '/flows/nodes', { flowId: flow.id, type, subType, config, position: { x, y } }, auth)).node.id;
  const start = await node('trigger', 'trigger_command', { command: '/start' }, 40, 120);
  const menu = await node('action', 'send_buttons', { message: 'Olá, {{contact.firstName}}! Como podemos ajudar?', buttons: [[{ text: 'Ver ofertas', type: 'callback', value: 'ofertas' }]] }, 340, 80);
  const wait = await node('action', 'delay', { duration: 10, unit: 'minutes' }, 660, 40);
  const follow = await node('action', 'send_text', { message: 'Ainda com dúvidas? Responda aqui que a gente ajuda.' }, 960, 80);
  for (const [source, target] of [[start, menu], [menu, wait], [wait, follow]] as const) {
    await api('POST', '/flows/connections', { flowId: flow.id, sourceNodeId: source, targetNodeId: target }, auth);
  }
  const people = [
    ['Bruno', 'Lima', 'Quero saber das ofertas de hoje'],
    ['Carla', 'Dias', 'Vocês entregam em Campinas?'],
    ['Diego', 'Alves', 'Qual o prazo do frete?'],
    ['Elaine', 'Rocha', '/start'],
  ] as const;
  for (const [first, last, text] of people) {
    const user = control.createUser({ first_name: first, last_name: last, language_code: 'pt-br' });
    control.sendPrivateMessage({ from: user.id, bot: token, text });
  }
  return { account, flowId: flow.id };
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Senha').fill(account.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/dashboard$/);
}

async function shoot(page: Page, route: string, name: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(`${origin}${route}`);
  await ready(page);
  // Toasts of the sign-in and the syncing indicator come and go; let them settle.
  await page.waitForTimeout(2500);
  await page.screenshot({ path: path.join(outDir, `${name}.png`) });
  console.log(`capturado ${name}.png`);
}

try {
  await waitForServer();
  const { account, flowId } = await seed();
  // The bot learns its chats and contacts as it polls: give it a moment.
  await Bun.sleep(3000);
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: existsSync(chromiumPath) ? chromiumPath : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const shots = [
    { form: 'phone', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 } },
    { form: 'laptop', options: { viewport: { width: 1366, height: 800 }, deviceScaleFactor: 1 } },
  ] as const;
  for (const { form, options } of shots) {
    const context = await browser.newContext({ ...options, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const page = await context.newPage();
    await signIn(page, account);
    await shoot(page, '/dashboard', `${form}-dashboard`, (p) => p.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor());
    await shoot(page, `/flows/${flowId}/edit`, `${form}-flow-editor`, (p) => p.locator('.react-flow__node').first().waitFor());
    await shoot(page, '/chat', `${form}-chat`, (p) => p.getByText('Bruno').first().waitFor());
    await context.close();
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  await server.exited;
  await emulator.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
