/**
 * An editor that helps with what reaches the Telegram user: variables highlighted, offered after `{{`,
 * an unknown one flagged with a suggestion in the panel, on the card and on save; buttons with no value or a
 * callback no flow answers flagged in the panel.
 */
import { expect, test, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { card } from './test-support/canvas.ts';
import { emulator } from './test-support/emulator.ts';
import { flowApi } from './test-support/flows.ts';
import { auth } from './test-support/offline.ts';
import { signInThroughUi } from './test-support/ui.ts';

test.use({ viewport: { width: 1366, height: 800 } });

const toastRegion = (page: Page) => page.getByRole('region', { name: /Notificações/ });
const panelOf = (page: Page) => page.getByRole('complementary', { name: 'Configuração do nó' });
const SUGGESTION = 'Variável desconhecida: {first_name} — você quis dizer {{contact.firstName}}?';

test('variáveis: destaque, sugestões ao digitar {{ e aviso da desconhecida no painel, no cartão e ao salvar', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot das Variáveis');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const flows = flowApi(request, session.tokens.accessToken);
  const flowId = await flows.flow(botId, 'Variáveis');
  await flows.node(flowId, 'send_text', { message: 'Oi {first_name}!' }, { x: 60, y: 60 });
  await signInThroughUi(page, account);
  await page.goto(`/flows/${flowId}/edit`);

  const text = card(page, 'send_text');
  await expect(text.getByRole('img', { name: SUGGESTION })).toBeVisible();
  await text.getByText('Oi {first_name}!').click();
  const panel = panelOf(page);
  await expect(panel.getByText(SUGGESTION)).toBeVisible();
  await expect(panel.locator('mark[data-variable="unknown"]')).toHaveText('{first_name}');

  const message = panel.getByLabel('Mensagem');
  await message.fill('Olá ');
  await message.press('End');
  await message.pressSequentially('{{first');
  const list = panel.getByRole('listbox', { name: 'Variáveis' });
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option')).toContainText('{{contact.firstName}}');
  await message.press('Enter');
  await expect(message).toHaveValue('Olá {{contact.firstName}}');
  await expect(panel.locator('mark[data-variable="known"]')).toHaveText('{{contact.firstName}}');
  await expect(panel.getByText(/Variável desconhecida/)).toHaveCount(0);

  // A typo is flagged; Salvar nó asks once more, then keeps the text as the operator wants.
  await message.pressSequentially(', {nome}');
  await expect(panel.getByText('Variável desconhecida: {nome} — você quis dizer {{contact.firstName}}?')).toBeVisible();
  await panel.getByRole('button', { name: 'Salvar nó' }).click();
  await expect(panel.getByRole('alert')).toContainText('Variável desconhecida: {nome}');
  await panel.getByRole('button', { name: 'Salvar assim mesmo' }).click();
  await expect(toastRegion(page).getByText('Nó atualizado!')).toBeVisible();

  // Ctrl+S tells it too (once the saved text is on the card).
  await expect(card(page, 'send_text')).toContainText('{nome}');
  await page.keyboard.press('Control+s');
  await expect(toastRegion(page).getByText('Fluxo salvo!')).toBeVisible();
  await expect(toastRegion(page).getByText(/Variável desconhecida: \{nome\}/)).toBeVisible();
});

test('botões sem valor ou com código de ação que nenhum fluxo atende são apontados no painel', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot dos Botões');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const flows = flowApi(request, session.tokens.accessToken);
  const answering = await flows.flow(botId, 'Responde promo');
  const created = await request.post('/api/flows/nodes', {
    headers: auth(session.tokens.accessToken),
    data: { flowId: answering, type: 'trigger', subType: 'trigger_button_clicked', config: { buttonData: 'promo' }, position: { x: 0, y: 0 } },
  });
  expect(created.status()).toBe(201);
  const flowId = await flows.flow(botId, 'Menu');
  const buttons = [[{ text: 'Vazio', type: 'callback', value: '' }], [{ text: 'Promo', type: 'callback', value: 'promo' }], [{ text: 'Outro', type: 'callback', value: 'outro' }]];
  await flows.node(flowId, 'send_buttons', { message: 'Escolha', buttons }, { x: 60, y: 60 });
  await signInThroughUi(page, account);
  await page.goto(`/flows/${flowId}/edit`);
  await card(page, 'send_buttons').getByText('Escolha').click();
  const panel = panelOf(page);
  await expect(panel.getByText('Botão sem valor: informe um link ou o código da ação.')).toHaveCount(1);
  await expect(panel.getByText('Nenhum fluxo responde ao código "outro": crie um fluxo com o gatilho "Botão clicado" e este código.')).toBeVisible();
  await expect(panel.getByText(/Nenhum fluxo responde ao código "promo"/)).toHaveCount(0);
  // Pointing the button at the answered value clears its flag.
  await panel.getByLabel('Link ou código da ação').nth(2).fill('promo');
  await expect(panel.getByText(/Nenhum fluxo responde/)).toHaveCount(0);
});
