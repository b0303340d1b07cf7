/**
 * The join gate on a phone (docs/product.md#acessos): on a group's page the operator sets "Pedidos de entrada" to
 * "Recusar" and sees the declined request appear under "Decisões do porteiro" with who asked; then to "Desafio
 * anti-robô": the next person gets the button puzzle in private, taps the right emoji and is approved.
 */
import { expect, test, type Page } from './test-support/test.ts';
import { CHALLENGE_EMOJI } from '../shared/access/challenge-texts.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { signInThroughUi } from './test-support/ui.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);

async function chooseRule(page: Page, label: string) {
  await page.getByRole('radio', { name: new RegExp(`^${label}`) }).check();
  await page.getByRole('button', { name: 'Salvar regra' }).click();
  await expect(toast(page, 'Regra de entrada salva').first()).toBeVisible();
}

/** The decisions are read every few seconds; a reload shows a new one at once. */
async function expectDecision(page: Page, text: RegExp) {
  const list = page.getByRole('list', { name: 'Decisões do porteiro' });
  await expect(async () => {
    await page.reload();
    await expect(list.getByTestId('gate-decision').filter({ hasText: text }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test('define a regra de entrada de um grupo e vê as decisões do porteiro', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot Porteiro');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const owner = await emulator.createUser('Dona');
  const group = await emulator.createChat('supergroup', 'Grupo Com Aprovação', owner.id, true);
  await emulator.promoteBot(group.id, bot.token);
  await signInThroughUi(page, account);
  await page.goto(`/bots/${botId}`);
  const channels = page.getByRole('list', { name: 'Canais do bot' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Sincronizar' }).click();
    await expect(channels.getByRole('link')).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await channels.getByRole('link', { name: /Grupo Com Aprovação/ }).click();

  await expect(page.getByRole('heading', { name: 'Pedidos de entrada' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Deixar para os administradores/ })).toBeChecked();
  await expect(page.getByText('Nenhuma decisão ainda.', { exact: false })).toBeVisible();

  await chooseRule(page, 'Recusar');
  const rui = await emulator.createUser('Rui', 'Souza');
  expect((await emulator.joinChat(rui.id, group.id)).status).toBe('requested');
  await expectDecision(page, /Recusado.*Rui Souza/);
  await expect(page.getByTestId('gate-decision').first()).toContainText('Regra do chat: recusar pedidos');

  await chooseRule(page, 'Desafio anti-robô');
  const bia = await emulator.createUser('Bia');
  const mark = await emulator.mark();
  await emulator.joinChat(bia.id, group.id);
  const puzzle = await emulator.waitForSentMessage({ token: bot.token, chatId: bia.id, since: mark });
  const target = CHALLENGE_EMOJI.find((item) => (puzzle.text ?? '').includes(`Toque no ${item.emoji} (${item.name})`));
  if (!target) throw new Error(`no puzzle in ${puzzle.text}`);
  await emulator.pressButton(bia.id, bot.token, puzzle.messageId, target.emoji);
  await expectDecision(page, /Aprovado.*Bia/);
  await expect(page.getByTestId('gate-decision').first()).toContainText('Acertou o desafio anti-robô');
  await expect(page.getByTestId('gate-decision').filter({ hasText: 'Desafio enviado' })).toHaveCount(1);
});
