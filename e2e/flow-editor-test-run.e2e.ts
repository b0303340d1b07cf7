/**
 * "Testar" in the editor, on a phone with touch: a simulated chat over POST /flows/{id}/test. A message or
 * a button press shows the bot's replies, and the path it took lights up on the canvas; nothing goes to Telegram.
 * The server matches the input as the engine does: the command's argument and the message reach the variables, a
 * flow button (`flow_{nodeId}`) continues at its node, a callback value fires trigger_button_clicked.
 */
import { expect, test } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { flowApi } from './test-support/flows.ts';
import { auth } from './test-support/offline.ts';
import { signInThroughUi } from './test-support/ui.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('Testar: mensagem e botão no chat simulado mostram as respostas e o caminho no canvas', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot do Teste');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const flows = flowApi(request, session.tokens.accessToken);
  const flowId = await flows.flow(botId, 'Menu testado');
  const node = async (type: string, subType: string, config: Record<string, unknown>, y: number) => {
    const response = await request.post('/api/flows/nodes', { headers: auth(session.tokens.accessToken), data: { flowId, type, subType, config, position: { x: 0, y } } });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { data: { node: { id: string } } }).data.node.id;
  };
  const start = await node('trigger', 'trigger_command', { command: '/start' }, 0);
  const menu = await node('action', 'send_buttons', {
    message: 'Escolha uma opção ({{command.args}})',
    buttons: [[{ text: 'Promo', type: 'callback', value: 'promo' }], [{ text: 'Detalhes', type: 'callback', value: 'flow_pending' }]],
  }, 200);
  await flows.connect(flowId, start, menu);
  const details = await node('action', 'send_text', { message: 'Detalhes de {{command.args}} para {{contact.firstName}}' }, 400);
  await flows.connect(flowId, menu, details, 'button_1_0');
  const pressed = await node('trigger', 'trigger_button_clicked', { buttonData: 'promo' }, 500);
  const promo = await node('action', 'send_text', { message: 'Promo do dia, {{contact.firstName}}!' }, 700);
  await flows.connect(flowId, pressed, promo);
  await signInThroughUi(page, account);
  await page.goto(`/flows/${flowId}/edit`);

  await page.getByRole('button', { name: 'Mais ações' }).tap();
  await page.getByRole('menuitem', { name: 'Testar' }).tap();
  const panel = page.getByRole('complementary', { name: 'Testar fluxo' });
  await expect(panel).toBeInViewport();
  await panel.getByLabel('Mensagem de teste', { exact: true }).fill('/start natal');
  await panel.getByRole('button', { name: 'Enviar mensagem de teste' }).tap();
  const replies = panel.getByTestId('test-reply');
  await expect(replies).toHaveCount(1);
  await expect(replies.first()).toContainText('Escolha uma opção (natal)');
  await expect(page.locator('.react-flow__node.on-test-path')).toHaveCount(2);
  await expect(page.locator('.react-flow__edge.on-test-path')).toHaveCount(1);

  await replies.first().getByRole('button', { name: 'Promo' }).tap();
  await expect(replies).toHaveCount(2);
  await expect(replies.nth(1)).toHaveText('Promo do dia, Maria!');
  await expect(page.locator(`.react-flow__node.on-test-path[data-id="${promo}"]`)).toHaveCount(1);
  await expect(page.locator(`.react-flow__node.on-test-path[data-id="${menu}"]`)).toHaveCount(0);

  // A flow button continues at the node it points to, keeping what /start natal gave the variables.
  await replies.first().getByRole('button', { name: 'Detalhes' }).tap();
  await expect(replies).toHaveCount(3);
  await expect(replies.nth(2)).toHaveText('Detalhes de natal para Maria');
  await expect(page.locator('.react-flow__node.on-test-path')).toHaveCount(2);
  await expect(page.locator(`.react-flow__node.on-test-path[data-id="${details}"]`)).toHaveCount(1);
  await expect(page.locator(`.react-flow__node.on-test-path[data-id="${menu}"]`)).toHaveCount(1);
  await expect(page.locator('.react-flow__edge.on-test-path')).toHaveCount(1);

  // A command addressed to another bot starts nothing, as in a real chat.
  await panel.getByLabel('Mensagem de teste', { exact: true }).fill('/start@outro_bot');
  await panel.getByRole('button', { name: 'Enviar mensagem de teste' }).tap();
  await expect(panel.getByText('Nenhum gatilho deste fluxo responde a isso.')).toBeVisible();
  await expect(replies).toHaveCount(3);

  await panel.getByLabel('Mensagem de teste', { exact: true }).fill('oi');
  await panel.getByRole('button', { name: 'Enviar mensagem de teste' }).tap();
  await expect(panel.getByText('Nenhum gatilho deste fluxo responde a isso.')).toHaveCount(2);
  await expect(replies).toHaveCount(3);
  // A dry run for the sample contact: nothing reached Telegram.
  expect(await emulator.sentMessages(bot.token, 123456789)).toEqual([]);
});

test('Testar mostra as esperas do fluxo e, sem conexão, diz que o teste precisa dela', async ({ page, context, request }) => {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot da Espera');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const flows = flowApi(request, session.tokens.accessToken);
  const flowId = await flows.flow(botId, 'Com espera');
  const post = async (subType: string, type: string, config: Record<string, unknown>, y: number) => {
    const response = await request.post('/api/flows/nodes', { headers: auth(session.tokens.accessToken), data: { flowId, type, subType, config, position: { x: 0, y } } });
    return ((await response.json()) as { data: { node: { id: string } } }).data.node.id;
  };
  const start = await post('trigger_command', 'trigger', { command: '/start' }, 0);
  const hello = await post('send_text', 'action', { message: 'Oi!' }, 200);
  const wait = await post('delay', 'action', { duration: 90, unit: 'seconds' }, 400);
  const later = await post('send_text', 'action', { message: 'Voltei.' }, 600);
  await flows.connect(flowId, start, hello);
  await flows.connect(flowId, hello, wait);
  await flows.connect(flowId, wait, later);
  await signInThroughUi(page, account);
  await page.goto(`/flows/${flowId}/edit`);

  await page.getByRole('button', { name: 'Mais ações' }).tap();
  await page.getByRole('menuitem', { name: 'Testar' }).tap();
  const panel = page.getByRole('complementary', { name: 'Testar fluxo' });
  const conversation = panel.getByRole('list', { name: 'Conversa de teste' });
  await panel.getByLabel('Mensagem de teste', { exact: true }).fill('/start');
  await panel.getByRole('button', { name: 'Enviar mensagem de teste' }).tap();
  await expect(panel.getByTestId('test-reply')).toHaveCount(2);
  // The wait sits between the two replies, as the contact would live it.
  await expect(conversation.getByRole('listitem').filter({ hasNotText: 'Envie uma mensagem' })).toHaveText(['/start', 'Oi!', '⏱ aguardaria 1 min 30 s', 'Voltei.']);

  await context.setOffline(true);
  await expect(panel.getByRole('status')).toHaveText('O teste precisa de conexão com a internet. Conecte-se e tente de novo.');
  await panel.getByLabel('Mensagem de teste', { exact: true }).fill('/start');
  await panel.getByRole('button', { name: 'Enviar mensagem de teste' }).tap();
  await expect(conversation.getByText('O teste precisa de conexão com a internet. Conecte-se e tente de novo.')).toBeVisible();
  await expect(panel.getByTestId('test-reply')).toHaveCount(2);
});
