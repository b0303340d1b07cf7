/**
 * The flow editor on a 1366×768 laptop: a click on a card leaves the view where it is (no re-centring, no zoom), a
 * card's "+" adds the next node below it with both in view, and the library and the node panel collapse to rails
 * so the canvas has room, as they were left on the next visit.
 */
import { expect, test, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { card, shownPositions } from './test-support/canvas.ts';
import { emulator } from './test-support/emulator.ts';
import { flowApi } from './test-support/flows.ts';
import { signInThroughUi } from './test-support/ui.ts';

test.use({ viewport: { width: 1366, height: 768 } });

const viewportTransform = (page: Page) => page.locator('.react-flow__viewport').evaluate((element) => (element as HTMLElement).style.transform);
const counter = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('no notebook, clicar num nó não mexe na vista; o + põe o próximo abaixo e mostra os dois; os painéis recolhem', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot do Notebook');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const flows = flowApi(request, session.tokens.accessToken);
  const flowId = await flows.flow(botId, 'Notebook');
  const trigger = await flows.node(flowId, 'trigger_command', { command: '/start' }, { x: 0, y: 0 });
  await flows.node(flowId, 'send_text', { message: 'Olá' }, { x: 420, y: 0 });
  await signInThroughUi(page, account);
  await page.goto(`/flows/${flowId}/edit`);
  await expect(counter(page, '2 nós · 0 conexões')).toBeVisible();

  // A click, then a double click, on a card: the panel opens, the view stays.
  const before = await viewportTransform(page);
  await card(page, 'trigger_command').getByText('/start').click();
  await expect(page.getByRole('complementary', { name: 'Configuração do nó' })).toBeVisible();
  await card(page, 'trigger_command').getByText('/start').dblclick();
  await page.waitForTimeout(400);
  expect(await viewportTransform(page)).toBe(before);

  // The collapsed panels give the canvas the room, and stay so after a reload.
  const canvas = page.getByTestId('flow-canvas');
  const narrow = (await canvas.boundingBox())?.width ?? 0;
  await page.getByRole('button', { name: 'Recolher biblioteca de nós' }).click();
  await page.getByRole('button', { name: 'Recolher painel do nó' }).click();
  await expect(page.getByRole('navigation', { name: 'Biblioteca de nós' })).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Configuração do nó' })).toHaveCount(0);
  expect((await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(narrow + 400);
  await page.reload();
  await expect(counter(page, '2 nós · 0 conexões')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mostrar biblioteca de nós' })).toHaveAttribute('aria-expanded', 'false');
  await card(page, 'trigger_command').getByText('/start').click();
  await expect(page.getByRole('button', { name: 'Mostrar painel do nó' })).toBeVisible();
  await page.getByRole('button', { name: 'Mostrar painel do nó' }).click();
  await expect(page.getByRole('complementary', { name: 'Configuração do nó' })).toBeVisible();
  await page.getByRole('button', { name: 'Mostrar biblioteca de nós' }).click();
  await expect(page.getByRole('navigation', { name: 'Biblioteca de nós' })).toBeVisible();

  // The "+" under the trigger: the next node lands below it, in line, and both are on the screen.
  await card(page, 'trigger_command').getByRole('button', { name: 'Adicionar próximo nó' }).click();
  await page.getByRole('dialog', { name: 'Adicionar nó' }).getByRole('button', { name: 'Aguardar' }).click();
  await expect(counter(page, '3 nós · 1 conexão')).toBeVisible();
  const positions = await shownPositions(page);
  const added = Object.keys(positions).find((id) => id !== trigger && positions[id]?.x === 0);
  expect(added).toBeTruthy();
  expect(positions[added ?? '']?.y ?? 0).toBeGreaterThan(140);
  await expect(card(page, 'delay')).toBeInViewport({ ratio: 0.99 });
  await expect(card(page, 'trigger_command')).toBeInViewport({ ratio: 0.99 });
});
