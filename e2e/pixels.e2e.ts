/**
 * Meta pixels on a phone (docs/product.md#screen-pixels, #rules-pixels, #toasts-funnels, #confirmations): an operator
 * reaches /pixels from the menu, registers a pixel (the form's rule first), sees it as a card with the masked token and
 * the pt-BR date, edits it keeping the token, sends a test event and reads Meta's answer, then removes it.
 */
import { expect, test, type Page } from './test-support/test.ts';
import { axeViolations, expectFitsTheScreen } from './test-support/a11y.ts';
import { maskToken, PIXEL_TEXTS, PIXEL_TOASTS } from '../shared/pixels/schemas.ts';
import { registerByApi } from './test-support/accounts.ts';
import { signInThroughUi } from './test-support/ui.ts';
import { E2E_GRAPH_URL } from './test-support/env.ts';

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
  await expect(card).toContainText(/ID: [0-9a-f-]{36}/);
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
