/**
 * Toasts never cover the header: on a phone (390×844) sonner's default top offset would put them over the
 * sticky header, so every screen starts them below it.
 */
import { expect, test, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { flowApi } from './test-support/flows.ts';
import { seed } from './test-support/seeded-screens.ts';
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

/**
 * The primary buttons a toast covers: every visible, enabled filled button or link (white text on a colour: the
 * screen's main actions, Salvar, Desativar…) and every submit button, the toasts' own excepted, whose box meets the
 * toast's box.
 */
async function coveredBy(page: Page, text: string) {
  const box = await toast(page, text).boundingBox();
  if (!box) throw new Error(`toast "${text}" not on screen`);
  return page.evaluate((toastBox) => {
    const filled = (element: HTMLElement) => {
      const style = getComputedStyle(element);
      return style.color === 'rgb(255, 255, 255)' && style.backgroundColor !== 'rgba(0, 0, 0, 0)';
    };
    const controls = document.querySelectorAll<HTMLElement>('button, a[href], [role="button"]');
    return [...controls]
      .filter((element) => !element.closest('[data-sonner-toaster]') && !element.matches(':disabled') && element.checkVisibility())
      .filter((element) => filled(element) || element.matches('[type="submit"]'))
      .filter((element) => {
        const r = element.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.x < toastBox.x + toastBox.width && toastBox.x < r.right && r.y < toastBox.y + toastBox.height && toastBox.y < r.bottom;
      })
      .map((element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName);
  }, box);
}

/** Once sonner's entry animation has settled (the same box twice in a row): the toast covers no primary button. */
async function expectCoversNothing(page: Page, text: string) {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  // A pointer on the toast pauses its timer: on a busy machine it could otherwise leave before it is measured.
  await shown.hover();
  let last = '';
  await expect.poll(async () => {
    const box = JSON.stringify(await shown.boundingBox({ timeout: 1000 }));
    const settled = box === last;
    last = box;
    return settled;
  }, { intervals: [100] }).toBe(true);
  expect(await coveredBy(page, text)).toEqual([]);
}

test('num celular, o toast de uma ação principal não cobre nenhum botão principal da tela', async ({ page, request }) => {
  const { account } = await registerByApi(request);
  const bot = await emulator.createBot('Bot da Vitrine');
  await signInThroughUi(page, account);

  await page.goto('/bots');
  await page.getByRole('button', { name: 'Adicionar Bot', exact: true }).tap();
  const dialog = page.getByRole('dialog', { name: 'Adicionar Bot' });
  await dialog.getByLabel('Token do bot').fill(bot.token);
  await dialog.getByRole('button', { name: 'Adicionar' }).tap();
  await expectCoversNothing(page, 'Bot adicionado com sucesso!');

  await page.getByRole('article', { name: 'Bot da Vitrine' }).getByRole('link', { name: /Detalhes|Ver/ }).first().tap();
  await page.getByRole('button', { name: 'Sincronizar' }).tap();
  await expectCoversNothing(page, 'Canais sincronizados com sucesso!');

  await page.goto('/pixels');
  await page.getByRole('button', { name: 'Novo Pixel' }).tap();
  const register = page.getByRole('dialog', { name: 'Novo Pixel' });
  await register.getByLabel('Nome').fill('Loja');
  await register.getByLabel('Pixel ID').fill('123456789012345');
  await register.getByLabel('Token de acesso').fill('EAABsbCS1iHgBAOZAtestTOKENvalue0123456789xyz');
  await register.getByRole('button', { name: 'Cadastrar' }).tap();
  await expectCoversNothing(page, 'Pixel cadastrado com sucesso!');
});

test('num celular, salvar boas-vindas, um disparo e um contato não deixa toast sobre um botão principal', async ({ page, request }) => {
  test.setTimeout(120_000);
  const seeded = await seed(request);
  await signInThroughUi(page, seeded.account);

  await page.goto(`/channels/${seeded.channelId}`);
  await page.getByRole('switch', { name: 'Mensagem de boas-vindas' }).tap();
  await page.getByRole('textbox', { name: 'Mensagem', exact: true }).fill('Oi {firstName}!');
  await page.getByRole('button', { name: 'Salvar', exact: true }).tap();
  await expectCoversNothing(page, 'Mensagem de boas-vindas salva com sucesso!');

  await page.goto('/broadcasts/new');
  await page.getByLabel('Nome').fill('Aviso de sexta');
  await page.getByLabel('Mensagem').fill('Chegou a promoção!');
  await page.getByRole('button', { name: 'Salvar' }).tap();
  const saved = page.locator('[data-sonner-toast]').filter({ hasText: /criado com sucesso/ });
  await expect(saved).toBeVisible();
  await expectCoversNothing(page, (await saved.textContent()) ?? '');
  await page.getByRole('dialog').getByRole('button', { name: 'Manter como rascunho' }).tap();

  await page.goto('/contacts');
  await page.getByRole('button', { name: /^Editar / }).first().tap();
  const dialog = page.getByRole('dialog', { name: 'Editar contato' });
  await dialog.getByRole('button', { name: 'Salvar' }).tap();
  await expectCoversNothing(page, 'Contato atualizado com sucesso!');
});

