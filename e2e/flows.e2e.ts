import { expect, test, type Locator, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { signInThroughUi } from './test-support/ui.ts';
import { flowApi } from './test-support/flows.ts';
import { expectSaved } from './test-support/canvas.ts';

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);
const card = (page: Page, subType: string) => page.locator(`[data-testid="flow-node"][data-subtype="${subType}"]`);
const handle = (node: Locator, selector: string) => node.locator(`.react-flow__handle${selector}`);

async function center(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A real pointer drag with intermediate moves, as xyflow needs for node drags and handle connections. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 8 });
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

/** Moves a card by its header to a spot of the canvas, so the handles of different cards never overlap. */
async function place(page: Page, node: Locator, at: { x: number; y: number }) {
  const canvas = await page.getByTestId('flow-canvas').boundingBox();
  const box = await node.boundingBox();
  if (!canvas || !box) throw new Error('no canvas');
  await drag(page, { x: box.x + 40, y: box.y + 12 }, { x: canvas.x + at.x + 40, y: canvas.y + at.y + 12 });
}

async function connect(page: Page, from: Locator, to: Locator) {
  await drag(page, await center(from), await center(to));
}

test.use({ viewport: { width: 1600, height: 1000 } });

test('cria um fluxo pelo modal, monta /start → botões → texto no editor, salva, recarrega e o usuário recebe as respostas', async ({ page, request }) => {
  // A long journey (the modal, three nodes placed and two connections dragged, a reload, a Telegram run).
  test.setTimeout(120_000);
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot de Fluxos');
  await createBotByApi(request, session.tokens.accessToken, bot.token);
  await signInThroughUi(page, account);

  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Fluxos' }).click();
  await page.getByRole('button', { name: 'Criar Fluxo', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar Fluxo' });
  const submit = dialog.getByRole('button', { name: 'Criar Fluxo' });
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAccessibleDescription('Para criar: selecione um bot, dê um nome ao fluxo.');
  await expect(dialog.getByRole('checkbox', { name: 'Privado' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Grupos', exact: true })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Supergrupos' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Canais' })).not.toBeChecked();
  await dialog.getByLabel('Bot').selectOption({ label: `Bot de Fluxos (@${bot.username})` });
  await dialog.getByLabel('Nome do fluxo').fill('Atendimento');
  await dialog.getByRole('checkbox', { name: 'Canais' }).check();
  await expect(dialog.getByText('Selecione pelo menos um channel quando o contexto "Canais" estiver ativo')).toBeVisible();
  await expect(submit).toBeDisabled();
  await expect(dialog.getByText('Para criar: escolha pelo menos um canal.')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Canais' }).uncheck();
  await dialog.getByLabel('Descrição').fill('Responde ao /start');
  await submit.click();
  await expect(toast(page, 'Fluxo criado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/flows\/[0-9a-f-]{36}\/edit$/);
  const flowId = /\/flows\/([0-9a-f-]{36})\/edit/.exec(page.url())?.[1] ?? '';

  const library = page.getByRole('navigation', { name: 'Biblioteca de nós' });
  const panel = page.getByRole('complementary', { name: 'Configuração do nó' });

  await library.getByRole('button', { name: 'Comando' }).click();
  await expect(toast(page, 'Nó adicionado!')).toBeVisible();
  await expect(panel.getByLabel('Comando')).toHaveValue('/start');
  await place(page, card(page, 'trigger_command'), { x: 60, y: 60 });

  await library.getByRole('button', { name: 'Enviar botões' }).click();
  await panel.getByLabel('Mensagem').fill('Como podemos ajudar?');
  await panel.getByLabel('Texto do botão 1').fill('Saber mais');
  await expect(panel.getByLabel('Tipo')).toHaveValue('flow');
  await panel.getByRole('button', { name: 'Salvar nó' }).click();
  await expect(toast(page, 'Nó atualizado!')).toBeVisible();
  await place(page, card(page, 'send_buttons'), { x: 60, y: 260 });

  await library.getByRole('button', { name: 'Enviar texto' }).click();
  await panel.getByLabel('Mensagem').fill('Obrigado pelo interesse!');
  await panel.getByRole('button', { name: 'Salvar nó' }).click();
  await expect(card(page, 'send_text')).toContainText('Obrigado pelo interesse!');
  await place(page, card(page, 'send_text'), { x: 420, y: 480 });
  await expect(page.getByText('3 nós · 0 conexões')).toBeVisible();
  await expect(page.getByText('Arraste da bolinha de um nó até outro nó para conectá-los.')).toBeVisible();

  await connect(page, handle(card(page, 'trigger_command'), '.source[data-handleid="default"]'), handle(card(page, 'send_buttons'), '.target'));
  await expect(toast(page, 'Conexão criada!')).toBeVisible();
  await connect(page, handle(card(page, 'send_buttons'), '[data-handleid="button_0_0"]'), handle(card(page, 'send_text'), '.target'));
  await expect(page.getByText('3 nós · 2 conexões')).toBeVisible();
  await expect(page.locator('.react-flow__edge path[style*="168, 85, 247"], .react-flow__edge path[style*="#a855f7"]').first()).toBeAttached();

  await expectSaved(page);

  await page.reload();
  await expect(page.getByText('3 nós · 2 conexões')).toBeVisible();
  await expect(card(page, 'send_text')).toContainText('Obrigado pelo interesse!');
  await expect(card(page, 'send_buttons')).toContainText('Saber mais');
  const stored = await request.get(`/api/flows/${flowId}`, { headers: { Authorization: `Bearer ${session.tokens.accessToken}` } });
  const flow = (await stored.json()).data.flow as { nodes: { id: string; subType: string; config: { buttons?: { value: string }[][] } }[] };
  const text = flow.nodes.find((n) => n.subType === 'send_text');
  const menu = flow.nodes.find((n) => n.subType === 'send_buttons');
  expect(menu?.config.buttons?.[0]?.[0]?.value).toBe(`flow_${text?.id}`);

  // The flow built by clicking runs for a Telegram user: /start shows the menu, its button leads to the text.
  const user = await emulator.createUser('Lia');
  await emulator.sendPrivateMessage(user.id, bot.token, '/start');
  const shown = await emulator.waitForSentMessage({ token: bot.token, chatId: user.id });
  expect(shown.text).toBe('Como podemos ajudar?');
  await emulator.pressButton(user.id, bot.token, shown.messageId, 'Saber mais');
  expect((await emulator.waitForSentMessage({ token: bot.token, chatId: user.id })).text).toBe('Obrigado pelo interesse!');
});

test('lista, ativa/desativa e remove fluxos com confirmação', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot da Lista');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const headers = { Authorization: `Bearer ${session.tokens.accessToken}` };
  const created = await request.post('/api/flows', { headers, data: { name: 'Promoções', description: 'Ofertas da semana', botId, executionContexts: ['private'] } });
  const promoId = ((await created.json()) as { data: { flow: { id: string } } }).data.flow.id;
  const api = flowApi(request, session.tokens.accessToken);
  await api.node(promoId, 'trigger_command', { command: '/start' }, { x: 0, y: 0 });
  await api.node(promoId, 'trigger_message', { pattern: 'preço' }, { x: 0, y: 120 });
  await signInThroughUi(page, account);

  await page.goto(`/flows?botId=${botId}`);
  const flowCard = page.getByRole('article', { name: 'Promoções' });
  await expect(flowCard.getByText('Ofertas da semana')).toBeVisible();
  await expect(flowCard.getByText('Ativo', { exact: true })).toBeVisible();
  // The card names the flow's real triggers, not the stored type.
  await expect(flowCard.getByText('Comando /start, Mensagem contém "preço"')).toBeVisible();
  await expect(flowCard.getByText('Gatilhos:')).toBeVisible();
  await flowCard.getByRole('switch').click();
  await expect(toast(page, 'Fluxo desativado')).toBeVisible();
  await expect(flowCard.getByText('Inativo', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('article', { name: 'Promoções' }).getByText('Inativo', { exact: true })).toBeVisible();

  await page.getByRole('article', { name: 'Promoções' }).getByRole('button', { name: 'Remover' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remover fluxo' });
  await expect(confirm.getByText('Tem certeza que deseja remover este fluxo?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Remover' }).click();
  await expect(toast(page, 'Fluxo removido com sucesso!')).toBeVisible();
  await expect(page.getByText('Nenhum fluxo criado')).toBeVisible();

  await page.goto('/flows/00000000-0000-4000-8000-000000000000/edit');
  await expect(page.getByText('Fluxo não encontrado')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar para Fluxos' }).click();
  await expect(page).toHaveURL(/\/flows$/);
});

test('o cartão do fluxo mostra as execuções e Duplicar cria uma cópia inativa que aparece na lista', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot das Cópias');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const api = flowApi(request, session.tokens.accessToken);
  const flowId = await api.flow(botId, 'Boas-vindas');
  const start = await api.node(flowId, 'trigger_command', { command: '/start' }, { x: 0, y: 0 });
  const hello = await api.node(flowId, 'send_text', { message: 'Oi!' }, { x: 0, y: 200 });
  await api.connect(flowId, start, hello);
  await signInThroughUi(page, account);
  await page.goto('/flows');
  const original = page.getByRole('article', { name: 'Boas-vindas' });
  await expect(original.getByTestId('flow-executions')).toHaveText('0 execuções');

  // A contact starts the flow: the card counts the run (read again when the window comes back into focus).
  const user = await emulator.createUser('Rui');
  await emulator.sendPrivateMessage(user.id, bot.token, '/start');
  expect((await emulator.waitForSentMessage({ token: bot.token, chatId: user.id })).text).toBe('Oi!');
  await expect(async () => {
    await page.reload();
    await expect(original.getByTestId('flow-executions')).toHaveText('1 execução', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  await original.getByRole('button', { name: 'Duplicar fluxo Boas-vindas' }).click();
  await expect(toast(page, 'Fluxo duplicado!')).toBeVisible();
  const copy = page.getByRole('article', { name: 'Boas-vindas (cópia)' });
  await expect(copy.getByText('Inativo', { exact: true })).toBeVisible();
  await expect(copy.getByText('Comando /start')).toBeVisible();
  await expect(copy.getByTestId('flow-executions')).toHaveText('0 execuções');
  await copy.getByRole('link', { name: 'Editar Fluxo' }).click();
  await expect(page.getByText('2 nós · 1 conexão')).toBeVisible();
});

test('sem dados neste aparelho e o servidor falhando, a lista mostra o erro de carregamento e tenta de novo', async ({ page, context, request }) => {
  const { account } = await registerByApi(request);
  let failing = true;
  await context.route('**/api/sync/pull**', (route) =>
    failing ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, code: 'UNAVAILABLE', message: 'Indisponível' }) }) : route.continue(),
  );
  await signInThroughUi(page, account);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Fluxos' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'Erro ao carregar fluxos' });
  await expect(failure).toBeVisible();
  await expect(toast(page, 'Erro ao carregar fluxos')).toBeVisible();

  // The app retries on its own too (backoff): the server recovers only once the button is ready to press, so the
  // press, not a timer that happened to fire first, is what brings the list.
  const retry = failure.getByRole('button', { name: 'Tentar novamente' });
  await retry.click({ trial: true });
  failing = false;
  await retry.click();
  await expect(page.getByText('Nenhum fluxo criado')).toBeVisible();
  await expect(failure).toBeHidden();
});
