import { expect, test, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { flowApi } from './test-support/flows.ts';
import { signInThroughUi } from './test-support/ui.ts';

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);
const card = (page: Page, subType: string) => page.locator(`[data-testid="flow-node"][data-subtype="${subType}"]`);
const panelOf = (page: Page) => page.getByRole('complementary', { name: 'Configuração do nó' });

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** A Windows executable renamed to .png: the server looks at the bytes, not the name. */
const FAKE_PNG = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0xff, 0xff]);

test.use({ viewport: { width: 1600, height: 1000 } });

async function signedInWithBot(page: Page, request: Parameters<typeof registerByApi>[0], botName: string) {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot(botName);
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  await signInThroughUi(page, account);
  return { bot, botId, flows: flowApi(request, session.tokens.accessToken), accessToken: session.tokens.accessToken };
}

test('envia uma foto num nó de mídia: recusas, progresso, prévia no cartão e a foto chega ao usuário', async ({ page, request }) => {
  const { bot, botId, flows } = await signedInWithBot(page, request, 'Bot de Mídia');
  const flowId = await flows.flow(botId, 'Foto do dia');
  const trigger = await flows.node(flowId, 'trigger_command', { command: '/foto' }, { x: 60, y: 60 });
  const media = await flows.node(flowId, 'send_media', { mediaType: 'photo', caption: 'Nossa foto' }, { x: 60, y: 300 });
  await flows.connect(flowId, trigger, media);

  await page.goto(`/flows/${flowId}/edit`);
  const mediaCard = card(page, 'send_media');
  await expect(mediaCard).toContainText('Nenhuma mídia configurada');
  await mediaCard.getByText('Nossa foto').click();
  const panel = panelOf(page);
  await panel.getByLabel('Origem').selectOption({ label: 'Arquivo enviado' });
  const picker = panel.getByLabel('Arquivo de mídia');

  await picker.setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: Buffer.alloc(21 * 1024 * 1024) });
  await expect(panel.getByRole('alert')).toHaveText('Arquivo muito grande. Máximo: 20MB');
  await expect(toast(page, 'Arquivo muito grande. Máximo: 20MB')).toBeVisible();

  await picker.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: FAKE_PNG });
  await expect(panel.getByRole('alert')).toContainText('Tipo de arquivo não permitido');

  // A slow connection: the progress bar moves, and the upload can be cancelled.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 50, downloadThroughput: -1, uploadThroughput: 128 * 1024 });
  const slow = Buffer.alloc(2 * 1024 * 1024);
  PNG_1X1.copy(slow);
  await picker.setInputFiles({ name: 'lenta.png', mimeType: 'image/png', buffer: slow });
  await expect(panel.getByRole('progressbar', { name: 'Enviando arquivo' })).toBeVisible();
  await panel.getByRole('button', { name: 'Cancelar envio' }).click();
  await expect(panel.getByRole('progressbar')).toHaveCount(0);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  await picker.setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(toast(page, 'Upload realizado com sucesso!')).toBeVisible();
  await expect(panel.getByText('pixel.png')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Trocar arquivo' })).toBeVisible();
  await panel.getByRole('button', { name: 'Salvar nó' }).click();
  await expect(toast(page, 'Nó atualizado!')).toBeVisible();
  const preview = mediaCard.locator('img');
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);

  // After a reload the preview comes from the server (an authorised fetch, not the local file).
  await page.reload();
  await expect.poll(() => card(page, 'send_media').locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);

  const user = await emulator.createUser('Lia');
  await emulator.sendPrivateMessage(user.id, bot.token, '/foto');
  const sent = await emulator.waitForSentMessage({ token: bot.token, chatId: user.id, method: 'sendPhoto' });
  expect(sent.caption).toBe('Nossa foto');
  expect(sent.media?.[0]?.fileName).toBe('pixel.png');
  expect(sent.media?.[0]?.url).toBeUndefined();
});

test('o chip de estatísticas mostra execuções e visitas do fluxo rodado pelo usuário, e zera com confirmação', async ({ page, request }) => {
  const { bot, botId, flows } = await signedInWithBot(page, request, 'Bot de Estatísticas');
  const flowId = await flows.flow(botId, 'Atendimento');
  const start = await flows.node(flowId, 'trigger_command', { command: '/start' }, { x: 60, y: 60 });
  const menu = await flows.node(flowId, 'send_buttons', {
    message: 'Como podemos ajudar?', buttons: [[{ text: 'Saber mais', type: 'callback', value: 'flow_pending' }]],
  }, { x: 60, y: 280 });
  const thanks = await flows.node(flowId, 'send_text', { message: 'Obrigado pelo interesse!' }, { x: 480, y: 520 });
  await flows.connect(flowId, start, menu);
  await flows.connect(flowId, menu, thanks, 'button_0_0');

  const user = await emulator.createUser('Davi');
  await emulator.sendPrivateMessage(user.id, bot.token, '/start');
  const shown = await emulator.waitForSentMessage({ token: bot.token, chatId: user.id });
  expect(shown.text).toBe('Como podemos ajudar?');
  await emulator.pressButton(user.id, bot.token, shown.messageId, 'Saber mais');
  expect((await emulator.waitForSentMessage({ token: bot.token, chatId: user.id })).text).toBe('Obrigado pelo interesse!');

  await page.goto(`/flows/${flowId}/edit`);
  const chip = page.getByRole('group', { name: 'Estatísticas do fluxo' });
  await expect(chip).toContainText('1 execução');
  await expect(chip).toContainText('3 visitas');
  for (const subType of ['trigger_command', 'send_buttons', 'send_text']) {
    await expect(card(page, subType).getByTestId('node-visits')).toHaveText('1');
  }
  await expect(card(page, 'send_buttons').getByTestId('button-clicks')).toHaveText('1 · 100%');

  await chip.getByRole('button', { name: 'Zerar estatísticas' }).click();
  const confirm = page.getByRole('dialog', { name: 'Zerar estatísticas' });
  await expect(confirm.getByText('Deseja realmente zerar as estatísticas deste fluxo?', { exact: false })).toBeVisible();
  await confirm.getByRole('button', { name: 'Zerar' }).click();
  await expect(toast(page, 'Estatísticas zeradas com sucesso!')).toBeVisible();
  await expect(chip).toContainText('0 execuções');
  await expect(chip).toContainText('0 visitas');
  await expect(card(page, 'send_text').getByTestId('node-visits')).toHaveText('0');
  await expect(card(page, 'send_buttons').getByTestId('button-clicks')).toHaveText('0 · 0%');

  // The shortcut saves with its own short toast.
  await page.keyboard.press('Control+s');
  await expect(toast(page, 'Fluxo salvo!')).toBeVisible();
});

test('abre um fluxo distante ajustado à tela; remover um botão leva a conexão do seguinte, e desfazer devolve tudo', async ({ page, request }) => {
  const { botId, flows, accessToken } = await signedInWithBot(page, request, 'Bot de Menu');
  const flowId = await flows.flow(botId, 'Menu distante');
  const pending = (text: string) => [{ text, type: 'callback', value: 'flow_pending' }];
  const trigger = await flows.node(flowId, 'trigger_command', { command: '/menu' }, { x: 3000, y: 2400 });
  const menu = await flows.node(flowId, 'send_buttons', { message: 'Escolha', buttons: [pending('Planos'), pending('Suporte')] }, { x: 3000, y: 2700 });
  const plans = await flows.node(flowId, 'send_text', { message: 'Nossos planos' }, { x: 2700, y: 3000 });
  const support = await flows.node(flowId, 'send_text', { message: 'Fale com o suporte' }, { x: 3300, y: 3000 });
  await flows.connect(flowId, trigger, menu);
  await flows.connect(flowId, menu, plans, 'button_0_0');
  await flows.connect(flowId, menu, support, 'button_1_0');
  const handles = async () => {
    const response = await request.get(`/api/flows/${flowId}/connections`, { headers: { Authorization: `Bearer ${accessToken}` } });
    const body = (await response.json()) as { data: { connections: { sourceHandle: string; targetNodeId: string }[] } };
    return body.data.connections.map((c) => `${c.sourceHandle}→${c.targetNodeId}`).sort();
  };

  await page.goto(`/flows/${flowId}/edit`);
  for (const subType of ['trigger_command', 'send_buttons']) await expect(card(page, subType)).toBeInViewport();
  await expect(card(page, 'send_text')).toHaveCount(2);
  for (const text of await card(page, 'send_text').all()) await expect(text).toBeInViewport();

  await card(page, 'send_buttons').getByText('Escolha').click();
  const panel = panelOf(page);
  await panel.getByRole('button', { name: 'Remover botão' }).first().click();
  await expect(panel.getByLabel('Texto do botão 1')).toHaveValue('Suporte');
  await panel.getByRole('button', { name: 'Salvar nó' }).click();
  await expect(toast(page, 'Nó atualizado!')).toBeVisible();
  await expect(page.getByText('4 nós · 2 conexões')).toBeVisible();
  await expect.poll(handles).toEqual([`button_0_0→${support}`, `default→${menu}`].sort());

  await page.getByRole('button', { name: 'Desfazer' }).click();
  await expect(page.getByText('4 nós · 3 conexões')).toBeVisible();
  await expect.poll(handles).toEqual([`button_0_0→${plans}`, `button_1_0→${support}`, `default→${menu}`].sort());
});
