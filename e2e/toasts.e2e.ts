/**
 * Toasts never cover the header: on a phone (390×844) sonner's default top offset would put them over the
 * sticky header, so every screen starts them below it.
 */
import { expect, test, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { flowApi } from './test-support/flows.ts';
import { signInThroughUi } from './test-support/ui.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The screen box of the shell's header and of the toast; they must not intersect. */
async function overlap(page: Page, text: string) {
  const header = await page.locator('header').filter({ has: page.getByRole('button', { name: 'Abrir menu' }) }).boundingBox();
  const box = await toast(page, text).boundingBox();
  if (!header || !box) throw new Error('header or toast not on screen');
  return box.y < header.y + header.height && header.y < box.y + box.height && box.x < header.x + header.width && header.x < box.x + box.width;
}

test('num celular, os toasts de /bots e /flows aparecem abaixo do cabeçalho', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot dos Avisos');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  await flowApi(request, session.tokens.accessToken).flow(botId, 'Avisos');
  await signInThroughUi(page, account);

  await page.goto('/bots');
  await page.getByRole('button', { name: 'Adicionar Bot', exact: true }).tap();
  const dialog = page.getByRole('dialog', { name: 'Adicionar Bot' });
  // Telegram failing to answer is a toast (a refused token is said under the field instead).
  await page.route('**/api/bots', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ success: false, code: 'TELEGRAM_UNREACHABLE', message: 'Não foi possível validar o token no Telegram' }) })
      : route.continue(),
  );
  await dialog.getByLabel('Token do bot').fill('123456:token-que-nao-existe');
  await dialog.getByRole('button', { name: 'Adicionar' }).tap();
  const failure = 'Não foi possível validar o token no Telegram';
  await expect(toast(page, failure)).toBeVisible();
  // Wait for sonner's entry animation to settle before measuring.
  await expect.poll(() => overlap(page, failure)).toBe(false);
  await page.unroute('**/api/bots');
  await dialog.getByRole('button', { name: 'Cancelar' }).tap();

  await page.goto('/flows');
  const flowCard = page.getByRole('article', { name: 'Avisos' });
  await flowCard.getByRole('switch').tap();
  await expect(toast(page, 'Fluxo desativado')).toBeVisible();
  await expect.poll(() => overlap(page, 'Fluxo desativado')).toBe(false);
});
