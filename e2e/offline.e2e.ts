import { expect, test, type Page } from './test-support/test.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { createBotByApi, expiredAccessToken, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { auth, botWithChannel, capturePushes, expectEachAppliedOnce, expectPending, syncStatus } from './test-support/offline.ts';
import { deactivateBot, replaceStoredAccessToken, signInThroughUi, waitForServiceWorker } from './test-support/ui.ts';

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);

/** An account with one bot administrating one channel, signed in, the shell cached by the service worker. */
async function offlineReady(page: Page, request: Parameters<typeof registerByApi>[0]) {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot Offline');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const channelId = await botWithChannel(request, session.tokens.accessToken, botId, bot.token, 'Canal Offline');
  await signInThroughUi(page, account);
  await waitForServiceWorker(page);
  await page.goto(`/bots/${botId}`);
  await expect(page.getByRole('link', { name: /Canal Offline/ })).toBeVisible();
  await expect(syncStatus(page)).toContainText('Online');
  return { accessToken: session.tokens.accessToken, userId: session.user.id, botId, channelId };
}

async function saveWelcome(page: Page, channelId: string, message: string) {
  await page.goto(`/channels/${channelId}`);
  await page.getByRole('textbox', { name: 'Mensagem', exact: true }).fill(message);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Mensagem de boas-vindas salva com sucesso!').first()).toBeVisible();
}

test('edita sem rede, recarrega sem rede e tudo chega ao servidor uma vez ao reconectar', async ({ page, context, request }) => {
  const { accessToken, botId, channelId } = await offlineReady(page, request);
  const sent = capturePushes(context);

  await context.setOffline(true);
  await page.reload();
  await expect(syncStatus(page)).toContainText('Offline');
  await saveWelcome(page, channelId, 'Bem-vindo, {firstName}! (offline)');
  await expect(toast(page, 'Será enviado quando a conexão voltar.').first()).toBeVisible();
  await page.goto(`/bots/${botId}`);
  await deactivateBot(page);
  await expect(page.getByText('Inativo', { exact: true })).toBeVisible();
  await expectPending(page, 2);

  await page.reload();
  await expect(page.getByText('Inativo', { exact: true })).toBeVisible();
  await expectPending(page, 2);
  await page.goto(`/channels/${channelId}`);
  await expect(page.getByRole('textbox', { name: 'Mensagem', exact: true })).toHaveValue('Bem-vindo, {firstName}! (offline)');
  expect(sent).toHaveLength(0);

  await context.setOffline(false);
  await expectPending(page, 0);
  await expect(syncStatus(page)).toContainText('Online');
  // Once sent, the device says so, and the "will be sent" note is gone.
  await expect(toast(page, '2 alterações feitas sem conexão sincronizadas')).toBeVisible();
  await expect(page.getByText('Será enviado quando a conexão voltar.')).toHaveCount(0);
  const welcome = await request.get(`/api/flows/channels/${channelId}/welcome`, { headers: auth(accessToken) });
  expect((await welcome.json()).data.welcomeMessage.message).toBe('Bem-vindo, {firstName}! (offline)');
  const stored = await request.get(`/api/bots/${botId}`, { headers: auth(accessToken) });
  expect((await stored.json()).data.bot.isActive).toBe(false);
  await expectEachAppliedOnce(request, accessToken, sent, ['welcome.save', 'bot.setActive']);
});

test('duas abas editam sem rede; cada alteração é enviada uma única vez', async ({ page, context, request }) => {
  const { accessToken, botId, channelId } = await offlineReady(page, request);
  const sent = capturePushes(context);
  const other = await context.newPage();
  await other.goto(`/channels/${channelId}`);
  await expect(other.getByRole('textbox', { name: 'Mensagem', exact: true })).toBeVisible();

  await context.setOffline(true);
  await deactivateBot(page);
  await saveWelcome(other, channelId, 'Olá da segunda aba');
  // Both tabs read the same database: each sees the other's edit counted.
  await expectPending(page, 2);
  await expectPending(other, 2);

  await context.setOffline(false);
  await expectPending(page, 0);
  await expectPending(other, 0);
  expect(sent.map((envelope) => envelope.mutationId).sort()).toEqual([1, 2]);
  await expectEachAppliedOnce(request, accessToken, sent, ['welcome.save', 'bot.setActive']);
  const stored = await request.get(`/api/bots/${botId}`, { headers: auth(accessToken) });
  expect((await stored.json()).data.bot.isActive).toBe(false);
});

test('a resposta do envio se perde no meio da reconexão: reenviado, aplicado uma vez', async ({ page, context, request }) => {
  const { accessToken, botId, channelId } = await offlineReady(page, request);
  const sent = capturePushes(context);
  let cut = 0;
  // The first push reaches the server, then the connection drops before the answer arrives.
  await context.route('**/api/sync/push', async (route) => {
    if (cut > 0) return route.continue();
    cut += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });

  await context.setOffline(true);
  await deactivateBot(page);
  // Stored before the next page load starts (a full navigation ends this page's scripts).
  await expectPending(page, 1);
  await saveWelcome(page, channelId, 'Mensagem que atravessa a queda');
  await expectPending(page, 2);
  await context.setOffline(false);
  await expectPending(page, 0);

  expect(cut).toBe(1);
  await expectEachAppliedOnce(request, accessToken, sent, ['welcome.save', 'bot.setActive']);
  const welcome = await request.get(`/api/flows/channels/${channelId}/welcome`, { headers: auth(accessToken) });
  expect((await welcome.json()).data.welcomeMessage.message).toBe('Mensagem que atravessa a queda');
  expect(((await (await request.get(`/api/bots/${botId}`, { headers: auth(accessToken) })).json()).data.bot.isActive)).toBe(false);
});

test('uma nova versão com alterações pendentes pergunta antes de recarregar', async ({ page, context, request }) => {
  const { botId } = await offlineReady(page, request);
  // The server stays unreachable for pushes, so the change stays queued while the new version arrives.
  await context.route('**/api/sync/push', (route) => route.abort('internetdisconnected'));
  await deactivateBot(page);
  await expectPending(page, 1);
  // A second tab of the same user: it must not be switched to the new version under its feet either.
  const other = await context.newPage();
  await other.goto('/dashboard');
  await expectPending(other, 1);
  await other.evaluate(() => ((window as unknown as { marker: number }).marker = 2));

  const swPath = 'client/dist/sw.js';
  const original = readFileSync(swPath, 'utf8');
  try {
    writeFileSync(swPath, `${original}\n// e2e: nova versão ${Date.now()}\n`);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect(toast(page, 'Nova versão disponível')).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(4000);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    await page.getByRole('button', { name: 'Atualizar' }).click();
    await page.waitForFunction(() => (window as unknown as { marker?: number }).marker === undefined);
    await expect(page.getByText('Inativo', { exact: true })).toBeVisible();
    await expectPending(page, 1);
    // The other tab now runs old code under the new worker: it asks instead of reloading while changes wait.
    await expect(toast(other, 'Nova versão disponível')).toBeVisible();
    expect(await other.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(2);
  } finally {
    writeFileSync(swPath, original);
  }
  await context.unroute('**/api/sync/push');
  await page.reload();
  await expectPending(page, 0);
  // Once nothing waits, the other tab takes the new version by itself.
  await other.waitForFunction(() => (window as unknown as { marker?: number }).marker === undefined, undefined, { timeout: 20_000 });
  expect(botId).toBeTruthy();
});

test('um access token vencido pausa o envio até renovar; nada se perde', async ({ page, context, request }) => {
  const { accessToken, userId, botId } = await offlineReady(page, request);
  const refreshes: number[] = [];
  page.on('response', (response) => new URL(response.url()).pathname === '/api/auth/refresh' && refreshes.push(response.status()));

  await context.setOffline(true);
  await deactivateBot(page);
  await expectPending(page, 1);
  await replaceStoredAccessToken(page, expiredAccessToken(userId));
  await page.reload();
  await expectPending(page, 1);

  await context.setOffline(false);
  await expectPending(page, 0);
  expect(refreshes).toEqual([200]);
  expect(((await (await request.get(`/api/bots/${botId}`, { headers: auth(accessToken) })).json()).data.bot.isActive)).toBe(false);
});

test('sair com alterações pendentes pergunta antes e apaga os dados locais do usuário', async ({ page, context, request }) => {
  const { userId } = await offlineReady(page, request);
  const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name));
  expect(await databases()).toContain(`canalize-${userId}`);

  await context.setOffline(true);
  await deactivateBot(page);
  await expectPending(page, 1);
  await page.getByRole('button', { name: 'Sair' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sair com alterações pendentes' });
  await expect(confirm.getByText('Há 1 alteração que ainda não foi enviada ao servidor.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Inativo', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Sair' }).click();
  await confirm.getByRole('button', { name: 'Sair e descartar' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(databases).not.toContain(`canalize-${userId}`);
});
