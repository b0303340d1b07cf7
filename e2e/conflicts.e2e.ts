/**
 * Two devices of one operator edit the same delay node (docs/offline-sync.md#rule-6): the phone offline, the laptop
 * online and later. The laptop's newer value stays on the server and on the laptop, the phone shows the conflict with
 * both values and may apply its own, which then reaches the laptop live, without a reload.
 */
import { expect, test, type Browser, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi, type TestAccount } from './test-support/accounts.ts';
import { card } from './test-support/canvas.ts';
import { emulator } from './test-support/emulator.ts';
import { flowApi } from './test-support/flows.ts';
import { axeViolations, expectFitsTheScreen } from './test-support/a11y.ts';
import { auth, expectPending, syncStatus } from './test-support/offline.ts';
import { signInThroughUi } from './test-support/ui.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const panelOf = (page: Page) => page.getByRole('complementary', { name: 'Configuração do nó' });

/** The laptop: a browser of its own (1366×768, a mouse), signed in to the same account. */
async function laptopOf(browser: Browser, account: TestAccount) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signInThroughUi(page, account);
  return page;
}

/** Opens the delay node's settings, sets its duration and saves it. */
async function setDuration(page: Page, duration: number, tap: boolean) {
  const node = card(page, 'delay');
  if (tap) await node.tap();
  else await node.click();
  const panel = panelOf(page);
  await panel.getByLabel('Duração').fill(String(duration));
  const save = panel.getByRole('button', { name: 'Salvar nó' });
  if (tap) await save.tap();
  else await save.click();
}

/** What the server keeps, through the API (not affected by the phone being offline). */
async function storedDuration(request: Parameters<typeof flowApi>[0], token: string, flowId: string, nodeId: string) {
  const response = await request.get(`/api/flows/${flowId}/nodes`, { headers: auth(token) });
  const nodes = (await response.json()).data.nodes as { id: string; config: { duration?: number } }[];
  return nodes.find((node) => node.id === nodeId)?.config.duration;
}

async function delayFlow(request: Parameters<typeof flowApi>[0]) {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot dos Dois Aparelhos');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const flows = flowApi(request, session.tokens.accessToken);
  const flowId = await flows.flow(botId, 'Espera');
  const nodeId = await flows.node(flowId, 'delay', { duration: 5, unit: 'seconds' }, { x: 80, y: 80 });
  return { account, token: session.tokens.accessToken, flowId, nodeId };
}

test('o celular sem rede põe 7, o notebook põe 9 depois: fica o 9, o celular mostra o conflito e "Aplicar o meu" leva o 7 a todos', async ({ page, context, browser, request }) => {
  const { account, token, flowId, nodeId } = await delayFlow(request);
  await signInThroughUi(page, account);
  await page.goto(`/flows/${flowId}/edit`);
  await expect(card(page, 'delay')).toBeVisible();
  const laptop = await laptopOf(browser, account);
  await laptop.goto(`/flows/${flowId}/edit`);
  await expect(card(laptop, 'delay')).toBeVisible();

  await context.setOffline(true);
  await expect(syncStatus(page)).toContainText('Offline');
  await setDuration(page, 7, true);
  await expectPending(page, 1);

  await setDuration(laptop, 9, false);
  await expect.poll(() => storedDuration(request, token, flowId, nodeId)).toBe(9);

  await context.setOffline(false);
  await expectPending(page, 0);
  // The server kept the newer edit; the laptop still shows it.
  expect(await storedDuration(request, token, flowId, nodeId)).toBe(9);
  await expect(card(laptop, 'delay')).toContainText('9');
  // The phone is told, and shows the server's value.
  await expect(page.getByRole('region', { name: /Notificações/ }).getByText('Conflito: Editar nó').first()).toBeVisible();
  await expect(card(page, 'delay')).toContainText('9');

  // Kept on the device until resolved: a reload still shows it.
  await page.reload();
  await expect(card(page, 'delay')).toContainText('9');
  await page.getByRole('button', { name: 'Ver alterações' }).tap();
  const entry = page.getByRole('dialog', { name: 'Alterações deste aparelho' }).getByRole('listitem', { name: 'Conflito: Editar nó' });
  await expect(entry).toContainText(/neste aparelho: 7 · no servidor: 9, alterado em outro aparelho às \d\d:\d\d/);
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await expectFitsTheScreen(page);
  await entry.getByRole('button', { name: 'Aplicar o meu' }).tap();
  await expect(entry).toHaveCount(0);
  await expect.poll(() => storedDuration(request, token, flowId, nodeId)).toBe(7);
  await expect(card(page, 'delay')).toContainText('7');
  // Live: the laptop shows it without a reload.
  await expect(card(laptop, 'delay')).toContainText('7');
  await laptop.context().close();
});

test('o notebook vê a edição do celular sem recarregar', async ({ page, browser, request }) => {
  const { account, token, flowId, nodeId } = await delayFlow(request);
  const laptop = await laptopOf(browser, account);
  await laptop.goto(`/flows/${flowId}/edit`);
  await expect(card(laptop, 'delay')).toContainText('5');
  await signInThroughUi(page, account);
  await page.goto(`/flows/${flowId}/edit`);
  await setDuration(page, 8, true);
  await expect.poll(() => storedDuration(request, token, flowId, nodeId)).toBe(8);
  await expect(card(laptop, 'delay')).toContainText('8');
  await laptop.context().close();
});
