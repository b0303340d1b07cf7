/**
 * Meta pixels on a phone (docs/product.md#screen-pixels, #rules-pixels, #toasts-funnels, #confirmations): an operator
 * reaches /pixels from the menu, registers a pixel (the form's rule first), sees it as a card with the masked token and
 * the pt-BR date, edits it keeping the token, sends a test event and reads Meta's answer, then removes it.
 */
import { expect, test, type APIRequestContext, type Page } from './test-support/test.ts';
import { axeViolations, expectFitsTheScreen } from './test-support/a11y.ts';
import { maskToken, PIXEL_TEXTS, PIXEL_TOASTS } from '../shared/pixels/schemas.ts';
import { registerByApi } from './test-support/accounts.ts';
import { apiData, botInChannel } from './test-support/channels.ts';
import { emulator } from './test-support/emulator.ts';
import { signInThroughUi } from './test-support/ui.ts';
import { E2E_EMULATOR_URL, E2E_GRAPH_URL } from './test-support/env.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const TOKEN = 'EAABsbCS1iHgBAOZAtestTOKENvalue0123456789xyz';
const today = () => new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'America/Sao_Paulo' }).format(new Date());

test('cadastra, edita mantendo o token, envia evento teste e remove um pixel no celular', async ({ page, request }) => {
  const { account } = await registerByApi(request);
  await signInThroughUi(page, account);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Pixels' }).click();
  await expect(page).toHaveURL(/\/pixels$/);
  await expect(page.getByText(PIXEL_TEXTS.empty)).toBeVisible();
  await expect(page.getByTestId('pixel-count')).toHaveText('0 pixels');
  await expectFitsTheScreen(page);

  await page.getByRole('button', { name: 'Novo Pixel' }).click();
  const register = page.getByRole('dialog', { name: 'Novo Pixel' });
  await register.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(register.getByRole('alert')).toHaveText(PIXEL_TEXTS.createRequired);
  await register.getByLabel('Nome').fill('  Loja principal ');
  await register.getByLabel('Pixel ID').fill('123456789012345');
  await register.getByLabel('Token de acesso').fill(TOKEN);
  await register.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(toast(page, PIXEL_TOASTS.created).first()).toBeVisible();
  await expect(register).toBeHidden();

  const card = page.getByRole('listitem', { name: 'Loja principal' });
  await expect(card).toContainText('123456789012345');
  await expect(card).toContainText(maskToken(TOKEN));
  await expect(card).not.toContainText(TOKEN);
  await expect(card.getByTestId('pixel-status')).toHaveText(PIXEL_TEXTS.statusUnused);
  await expect(card).toContainText(today());
  // Its name and Meta's Pixel ID, never the internal id.
  await expect(card).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
  await expect(page.getByTestId('pixel-count')).toHaveText('1 pixel');
  expect(await axeViolations(page)).toEqual([]);
  await expectFitsTheScreen(page);

  await card.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar pixel' });
  await expect(edit.getByLabel('Token de acesso')).toHaveValue('');
  expect(await axeViolations(page)).toEqual([]);
  await edit.getByLabel('Nome').fill('Loja nova');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, PIXEL_TOASTS.updated).first()).toBeVisible();
  const edited = page.getByRole('listitem', { name: 'Loja nova' });
  // Blank token field: the stored token stays (same preview).
  await expect(edited).toContainText(maskToken(TOKEN));

  await edited.getByRole('button', { name: 'Evento teste' }).click();
  const testEvent = page.getByRole('dialog', { name: 'Enviar evento teste' });
  await testEvent.getByRole('button', { name: 'Enviar evento teste' }).click();
  await expect(testEvent.getByText(PIXEL_TEXTS.testCodeRequired)).toBeVisible();
  await testEvent.getByLabel('Código do evento teste').fill('TEST12345');
  await testEvent.getByRole('button', { name: 'Enviar evento teste' }).click();
  // Meta's answer is shown in the modal: the e2e server's META_GRAPH_URL is the fake Graph endpoint (tools/fake-graph.ts).
  await expect(testEvent.getByTestId('test-event-answer')).toHaveText(new RegExp(`^${escape(PIXEL_TEXTS.testEventReceived(1))}`), { timeout: 20_000 });
  const arrived = (await (await request.get(`${E2E_GRAPH_URL}/_requests`)).json()) as { testEventCode: string | null; data: unknown[] }[];
  expect(arrived.filter((sent) => sent.testEventCode === 'TEST12345')).toEqual([expect.objectContaining({ data: [expect.anything()] })]);
  await expectFitsTheScreen(page);
  await testEvent.getByRole('button', { name: 'Fechar' }).first().click();

  await edited.getByRole('button', { name: 'Remover' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remover pixel' });
  await expect(confirm).toContainText(PIXEL_TEXTS.confirmDelete('Loja nova'));
  await confirm.getByRole('button', { name: 'Remover' }).click();
  await expect(toast(page, PIXEL_TOASTS.deleted).first()).toBeVisible();
  await expect(page.getByText(PIXEL_TEXTS.empty)).toBeVisible();
});

const api = apiData;

/** How the fake Graph endpoint answers this Meta pixel id from now on (tools/fake-graph.ts): 503 failing, 400 refusing, 200 accepting. */
const metaAnswers = async (pixelId: string, status: number, message?: string) => {
  const response = await fetch(`${E2E_GRAPH_URL}/_answers/${pixelId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status, message }) });
  expect(response.ok).toBe(true);
};

/** A bot administering a channel, a funnel on it with the pixel; `join` makes a Telegram user enter through the funnel's link. */
async function funnelWithPixel(request: APIRequestContext, token: string, pixelId: string) {
  const { botId, channelId } = await botInChannel(request, token, { bot: 'Bot Pixel', channel: 'Canal Pixel' });
  const { telegramLink } = await api<{ telegramLink: string }>(request, token, 'POST', '/funnels', { botId, channelId, name: 'Lançamento', pixelIntegrationId: pixelId });
  return async (name: string) => {
    const user = await emulator.createUser(name);
    const response = await fetch(`${E2E_EMULATOR_URL}/control/join-by-link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: user.id, inviteLink: telegramLink }) });
    expect(((await response.json()) as { ok: boolean }).ok).toBe(true);
  };
}

test('a funnel event that Meta does not take shows as pending with the next try, then failed with the error, then delivered', async ({ page, request }) => {
  // Meta's answers change between the outbox's retries (1 s doubling): waiting for the next one takes a while.
  test.setTimeout(150_000);
  const META_ID = '987650000000001';
  const { account, session } = await registerByApi(request);
  const token = session.tokens.accessToken;
  const { pixel } = await api<{ pixel: { id: string } }>(request, token, 'POST', '/pixels', { name: 'Pixel da Loja', pixelId: META_ID, accessToken: TOKEN });
  const join = await funnelWithPixel(request, token, pixel.id);
  await metaAnswers(META_ID, 503);
  await signInThroughUi(page, account);
  await page.goto('/pixels');
  const card = page.getByRole('listitem', { name: 'Pixel da Loja' });
  await expect(card.getByTestId('pixel-status')).toHaveText(PIXEL_TEXTS.statusUnused);

  await join('Helena');
  await expect(async () => {
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await expect(card.getByTestId('pixel-status')).toHaveText('Pendente', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  // From here the screen follows the outbox on its own while events wait: no click, no reload.
  await expect(card).toContainText(/1 evento aguardando envio · próxima tentativa às \d{2}:\d{2}:\d{2}/);
  await expect(card).toContainText('Último erro: O Meta respondeu HTTP 503');
  await expect(card).not.toContainText(PIXEL_TEXTS.statusUnused);
  expect(await axeViolations(page)).toEqual([]);
  await expectFitsTheScreen(page);

  // Meta now refuses it: failed at the next try, with Meta's words.
  await metaAnswers(META_ID, 400, 'Invalid OAuth access token.');
  await expect(card.getByTestId('pixel-status')).toHaveText('Falhou', { timeout: 60_000 });
  await expect(card).toContainText(/1 evento não entregue · último envio às \d{2}:\d{2}:\d{2}/);
  await expect(card).toContainText('Último erro: Invalid OAuth access token.');

  await metaAnswers(META_ID, 200);
  await join('Igor');
  await expect.poll(async () => (await api<{ pixels: { id: string; delivery: { delivered: number } }[] }>(request, token, 'GET', '/pixels')).pixels.find((item) => item.id === pixel.id)?.delivery.delivered, { timeout: 20_000 }).toBe(1);
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(card.getByTestId('pixel-status')).toHaveText('Entregue');
  await expect(card).toContainText('1 evento entregue ao Meta');
  await expect(card).toContainText('1 evento não entregue');
});
