import { expect, test, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { card, connect, expectSaved, handle, place, shownPositions } from './test-support/canvas.ts';
import { emulator } from './test-support/emulator.ts';
import { flowApi } from './test-support/flows.ts';
import { auth, capturePushes, expectEachAppliedOnce, expectPending, syncStatus } from './test-support/offline.ts';
import { signInThroughUi, waitForServiceWorker } from './test-support/ui.ts';

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text).first();
const notice = (page: Page, title: string, description: string) =>
  page.getByRole('region', { name: /Notificações/ }).locator('[data-sonner-toast]').filter({ hasText: title }).filter({ hasText: description });
const counter = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

type StoredFlow = {
  name: string;
  nodes: { id: string; subType: string; position: { x: number; y: number }; config: Record<string, unknown> }[];
  connections: { sourceNodeId: string; targetNodeId: string; sourceHandle: string }[];
};

test.use({ viewport: { width: 1600, height: 1000 } });

test('edita um fluxo sem rede, recarrega sem rede e o servidor recebe cada nó e conexão uma vez', async ({ page, context, request }) => {
  // A long journey (a dozen drags, each saved before the next): twice the usual time on a busy machine.
  test.setTimeout(120_000);
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot do Avião');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const flows = flowApi(request, session.tokens.accessToken);
  const flowId = await flows.flow(botId, 'Atendimento');
  const trigger = await flows.node(flowId, 'trigger_command', { command: '/start' }, { x: 60, y: 60 });
  await signInThroughUi(page, account);
  await waitForServiceWorker(page);
  await page.goto(`/flows/${flowId}/edit`);
  await expect(counter(page, '1 nó · 0 conexões')).toBeVisible();
  const sent = capturePushes(context);

  await context.setOffline(true);
  await page.goto('/flows');
  await expect(syncStatus(page)).toContainText('Offline');
  await page.getByRole('article', { name: 'Atendimento' }).getByRole('link', { name: 'Editar Fluxo' }).click();
  await expect(counter(page, '1 nó · 0 conexões')).toBeVisible();

  const library = page.getByRole('navigation', { name: 'Biblioteca de nós' });
  const panel = page.getByRole('complementary', { name: 'Configuração do nó' });
  // Each drag is saved by itself (one node.savePositions each, waited for so two never merge).
  await place(page, card(page, 'trigger_command'), { x: 60, y: 60 });
  await expectSaved(page);

  await library.getByRole('button', { name: 'Enviar botões' }).click();
  await expect(toast(page, 'Nó adicionado!')).toBeVisible();
  await panel.getByLabel('Mensagem').fill('Como podemos ajudar?');
  await panel.getByLabel('Texto do botão 1').fill('Saber mais');
  await panel.getByRole('button', { name: 'Salvar nó' }).click();
  // One toast says both: the node is updated, and it waits on this device (read at once: it shows for 2 s).
  await expect(notice(page, 'Nó atualizado!', 'Será enviado quando a conexão voltar.')).toBeVisible();
  await place(page, card(page, 'send_buttons'), { x: 60, y: 260 });
  await expectSaved(page);

  await library.getByRole('button', { name: 'Enviar texto' }).click();
  await panel.getByLabel('Mensagem').fill('Obrigado pelo interesse!');
  await panel.getByRole('button', { name: 'Salvar nó' }).click();
  await expect(card(page, 'send_text')).toContainText('Obrigado pelo interesse!');
  await place(page, card(page, 'send_text'), { x: 420, y: 480 });
  await expectSaved(page);

  // An added node taken back with Desfazer never reaches the server's graph.
  await library.getByRole('button', { name: 'Aguardar' }).click();
  await expect(counter(page, '4 nós · 0 conexões')).toBeVisible();
  await page.getByRole('button', { name: 'Desfazer' }).click();
  await expect(counter(page, '3 nós · 0 conexões')).toBeVisible();

  await connect(page, handle(card(page, 'trigger_command'), '.source[data-handleid="default"]'), handle(card(page, 'send_buttons'), '.target'));
  await expect(toast(page, 'Conexão criada!')).toBeVisible();
  await connect(page, handle(card(page, 'send_buttons'), '[data-handleid="button_0_0"]'), handle(card(page, 'send_text'), '.target'));
  await expect(counter(page, '3 nós · 2 conexões')).toBeVisible();

  const name = page.getByRole('textbox', { name: 'Nome do fluxo' });
  await name.fill('Atendimento no avião');
  await name.press('Enter');
  await expect(toast(page, 'Nome atualizado!')).toBeVisible();
  const positions = await shownPositions(page);
  // 2 node.create, 2 node.update, node.create + node.delete (undone), 2 connection.create, flow.update, 3 node.savePositions.
  await expectPending(page, 12);

  await page.reload();
  await expect(counter(page, '3 nós · 2 conexões')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nome do fluxo' })).toHaveValue('Atendimento no avião');
  await expect(card(page, 'send_buttons')).toContainText('Saber mais');
  await expect(card(page, 'send_text')).toContainText('Obrigado pelo interesse!');
  expect(await shownPositions(page)).toEqual(positions);
  await expectPending(page, 12);
  expect(sent).toHaveLength(0);

  await context.setOffline(false);
  await expectPending(page, 0);
  await expect(syncStatus(page)).toContainText('Online');

  const stored = await request.get(`/api/flows/${flowId}`, { headers: auth(session.tokens.accessToken) });
  const flow = (await stored.json()).data.flow as StoredFlow;
  expect(flow.name).toBe('Atendimento no avião');
  expect(flow.nodes.map((n) => n.subType).sort()).toEqual(['send_buttons', 'send_text', 'trigger_command']);
  const menu = flow.nodes.find((n) => n.subType === 'send_buttons');
  const thanks = flow.nodes.find((n) => n.subType === 'send_text');
  expect(menu?.config).toMatchObject({ message: 'Como podemos ajudar?', buttons: [[{ text: 'Saber mais', type: 'callback', value: `flow_${thanks?.id}` }]] });
  expect(thanks?.config).toMatchObject({ message: 'Obrigado pelo interesse!' });
  expect(Object.fromEntries(flow.nodes.map((n) => [n.id, n.position]))).toEqual(positions);
  expect(positions[trigger]).not.toEqual({ x: 60, y: 60 });
  expect(flow.connections.map((c) => `${c.sourceNodeId}>${c.targetNodeId}:${c.sourceHandle}`).sort()).toEqual(
    [`${trigger}>${menu?.id}:default`, `${menu?.id}>${thanks?.id}:button_0_0`].sort(),
  );
  await expectEachAppliedOnce(request, session.tokens.accessToken, sent, [
    'node.create', 'node.update', 'node.create', 'node.update', 'node.create', 'node.delete',
    'connection.create', 'connection.create', 'flow.update', 'node.savePositions', 'node.savePositions', 'node.savePositions',
  ]);

  // The flow built offline runs: /start shows the menu, and its button leads to the text.
  const user = await emulator.createUser('Bia');
  await emulator.sendPrivateMessage(user.id, bot.token, '/start');
  const shown = await emulator.waitForSentMessage({ token: bot.token, chatId: user.id });
  expect(shown.text).toBe('Como podemos ajudar?');
  await emulator.pressButton(user.id, bot.token, shown.messageId, 'Saber mais');
  expect((await emulator.waitForSentMessage({ token: bot.token, chatId: user.id })).text).toBe('Obrigado pelo interesse!');
});
