/**
 * Editor interactions (docs/product.md#screen-flow-editor) clicked and typed through as a user would: deleting nodes and connections
 * with their confirmations, nudging with the arrows, undo/redo shortcuts, the if/else branches, and the header's
 * name and enabled toggle. Every change is checked on the server once the outbox has drained.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { card, connect, saveState, shownPositions } from './test-support/canvas.ts';
import { emulator } from './test-support/emulator.ts';
import { flowApi } from './test-support/flows.ts';
import { auth, expectPending, syncStatus } from './test-support/offline.ts';
import { signInThroughUi } from './test-support/ui.ts';

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text).first();
const counter = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const textCard = (page: Page, message: string) => card(page, 'send_text').filter({ hasText: message });

type StoredFlow = {
  name: string;
  enabled: boolean;
  nodes: { id: string; subType: string; position: { x: number; y: number } }[];
  connections: { sourceNodeId: string; targetNodeId: string; sourceHandle: string }[];
};

test.use({ viewport: { width: 1600, height: 1000 } });

async function signedInWithFlow(page: Page, request: APIRequestContext, botName: string, flowName: string) {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot(botName);
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const flows = flowApi(request, session.tokens.accessToken);
  const flowId = await flows.flow(botId, flowName);
  await signInThroughUi(page, account);
  const stored = async () => {
    const response = await request.get(`/api/flows/${flowId}`, { headers: auth(session.tokens.accessToken) });
    expect(response.status()).toBe(200);
    return (await response.json()).data.flow as StoredFlow;
  };
  return { flows, flowId, stored, accessToken: session.tokens.accessToken };
}

const edges = (flow: StoredFlow) => flow.connections.map((c) => `${c.sourceNodeId}>${c.targetNodeId}:${c.sourceHandle}`).sort();

test('Delete e Backspace pedem confirmação: cancelar mantém o nó, confirmar o remove com as conexões', async ({ page, request }) => {
  const { flows, flowId, stored } = await signedInWithFlow(page, request, 'Bot de Exclusão', 'Exclusões');
  const trigger = await flows.node(flowId, 'trigger_command', { command: '/start' }, { x: 60, y: 60 });
  const first = await flows.node(flowId, 'send_text', { message: 'Primeira mensagem' }, { x: 60, y: 300 });
  const second = await flows.node(flowId, 'send_text', { message: 'Segunda mensagem' }, { x: 60, y: 540 });
  await flows.connect(flowId, trigger, first);
  await flows.connect(flowId, first, second);

  await page.goto(`/flows/${flowId}/edit`);
  await expect(counter(page, '3 nós · 2 conexões')).toBeVisible();
  const confirm = page.getByRole('dialog', { name: 'Excluir nó' });

  await textCard(page, 'Primeira mensagem').getByText('Primeira mensagem').click();
  await page.keyboard.press('Delete');
  await expect(confirm.getByText('Deseja realmente excluir este nó?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(textCard(page, 'Primeira mensagem')).toBeVisible();
  await expect(counter(page, '3 nós · 2 conexões')).toBeVisible();

  await page.keyboard.press('Backspace');
  await expect(confirm.getByText('Deseja realmente excluir este nó?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, 'Nó removido!')).toBeVisible();
  await expect(textCard(page, 'Primeira mensagem')).toHaveCount(0);
  await expect(counter(page, '2 nós · 0 conexões')).toBeVisible();
  await expectPending(page, 0);
  let flow = await stored();
  expect(flow.nodes.map((n) => n.id).sort()).toEqual([trigger, second].sort());
  expect(flow.connections).toEqual([]);

  await textCard(page, 'Segunda mensagem').getByText('Segunda mensagem').click();
  await page.keyboard.press('Delete');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(counter(page, '1 nó · 0 conexões')).toBeVisible();
  await expectPending(page, 0);
  flow = await stored();
  expect(flow.nodes.map((n) => n.id)).toEqual([trigger]);
});

test('clicar numa conexão pergunta se deve removê-la; confirmar a remove do servidor', async ({ page, request }) => {
  const { flows, flowId, stored } = await signedInWithFlow(page, request, 'Bot de Conexões', 'Conexões');
  const trigger = await flows.node(flowId, 'trigger_command', { command: '/start' }, { x: 60, y: 60 });
  // Side by side, so the smooth-step edge has a horizontal run through the middle of its box (where a click lands).
  const reply = await flows.node(flowId, 'send_text', { message: 'Olá!' }, { x: 560, y: 420 });
  await flows.connect(flowId, trigger, reply);

  await page.goto(`/flows/${flowId}/edit`);
  await expect(counter(page, '2 nós · 1 conexão')).toBeVisible();
  const edge = page.locator('.react-flow__edge');
  const confirm = page.getByRole('dialog', { name: 'Remover conexão' });
  // A screen reader names the connection by its nodes' titles, never by their ids.
  await expect(edge).toHaveAttribute('aria-label', 'Conexão de «Comando» para «Enviar texto»');

  await edge.click();
  await expect(confirm.getByText('Deseja remover esta conexão?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(counter(page, '2 nós · 1 conexão')).toBeVisible();

  await edge.click();
  await expect(confirm.getByText('Deseja remover esta conexão?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Remover' }).click();
  await expect(counter(page, '2 nós · 0 conexões')).toBeVisible();
  await expect(edge).toHaveCount(0);
  await expectPending(page, 0);
  const flow = await stored();
  expect(flow.connections).toEqual([]);
  expect(flow.nodes.map((n) => n.id).sort()).toEqual([trigger, reply].sort());
});

test('as setas movem o nó selecionado 5 px, e com Shift 20 px; a posição chega ao servidor sozinha', async ({ page, request }) => {
  const { flows, flowId, stored } = await signedInWithFlow(page, request, 'Bot das Setas', 'Setas');
  const trigger = await flows.node(flowId, 'trigger_command', { command: '/start' }, { x: 60, y: 60 });
  const reply = await flows.node(flowId, 'send_text', { message: 'Mova-me' }, { x: 60, y: 300 });

  await page.goto(`/flows/${flowId}/edit`);
  await expect(counter(page, '2 nós · 0 conexões')).toBeVisible();
  await textCard(page, 'Mova-me').getByText('Mova-me').click();
  const at = async () => (await shownPositions(page))[reply];
  await expect.poll(at).toEqual({ x: 60, y: 300 });

  await page.keyboard.press('ArrowRight');
  await expect.poll(at).toEqual({ x: 65, y: 300 });
  await page.keyboard.press('ArrowDown');
  await expect.poll(at).toEqual({ x: 65, y: 305 });
  await page.keyboard.press('ArrowLeft');
  await expect.poll(at).toEqual({ x: 60, y: 305 });
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(at).toEqual({ x: 80, y: 305 });
  await page.keyboard.press('Shift+ArrowDown');
  await expect.poll(at).toEqual({ x: 80, y: 325 });
  await page.keyboard.press('Shift+ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect.poll(at).toEqual({ x: 80, y: 300 });
  expect((await shownPositions(page))[trigger]).toEqual({ x: 60, y: 60 });

  await expect(saveState(page)).toHaveText('Salvo');
  await expectPending(page, 0);
  const flow = await stored();
  expect(Object.fromEntries(flow.nodes.map((n) => [n.id, n.position]))).toEqual({ [trigger]: { x: 60, y: 60 }, [reply]: { x: 80, y: 300 } });
});

test('Ctrl+Z desfaz o nó adicionado pela biblioteca e Ctrl+Shift+Z o refaz, também no servidor', async ({ page, request }) => {
  const { flows, flowId, stored } = await signedInWithFlow(page, request, 'Bot do Desfazer', 'Desfazer');
  const trigger = await flows.node(flowId, 'trigger_command', { command: '/start' }, { x: 60, y: 60 });

  await page.goto(`/flows/${flowId}/edit`);
  await expect(counter(page, '1 nó · 0 conexões')).toBeVisible();
  await page.getByRole('navigation', { name: 'Biblioteca de nós' }).getByRole('button', { name: 'Enviar texto' }).click();
  await expect(toast(page, 'Nó adicionado!')).toBeVisible();
  await expect(counter(page, '2 nós · 0 conexões')).toBeVisible();
  await expectPending(page, 0);
  const added = (await stored()).nodes.find((n) => n.subType === 'send_text')?.id;
  expect(added).toBeTruthy();

  await page.keyboard.press('Control+z');
  await expect(counter(page, '1 nó · 0 conexões')).toBeVisible();
  await expect(card(page, 'send_text')).toHaveCount(0);
  await expectPending(page, 0);
  await expect.poll(async () => (await stored()).nodes.map((n) => n.id)).toEqual([trigger]);

  await page.keyboard.press('Control+Shift+z');
  await expect(counter(page, '2 nós · 0 conexões')).toBeVisible();
  await expect(card(page, 'send_text')).toHaveCount(1);
  await expectPending(page, 0);
  await expect.poll(async () => (await stored()).nodes.map((n) => n.id).sort()).toEqual([trigger, added].sort());
  await expect(syncStatus(page)).not.toContainText('recusad');
});

test('as saídas verdadeiro (verde) e falso (vermelha) do Se / Senão ligam a nós diferentes com sourceHandle true e false', async ({ page, request }) => {
  const { flowId, stored, accessToken } = await signedInWithFlow(page, request, 'Bot das Condições', 'Condições');
  const flows = flowApi(request, accessToken);
  const createCondition = await request.post('/api/flows/nodes', {
    headers: auth(accessToken),
    data: { flowId, type: 'condition', subType: 'if_else', config: { variable: 'resposta', operator: 'equals', value: 'sim' }, position: { x: 420, y: 60 } },
  });
  expect(createCondition.status()).toBe(201);
  const condition = (await createCondition.json()).data.node.id as string;
  const yes = await flows.node(flowId, 'send_text', { message: 'Que bom!' }, { x: 840, y: 360 });
  const no = await flows.node(flowId, 'send_text', { message: 'Que pena.' }, { x: 0, y: 360 });

  await page.goto(`/flows/${flowId}/edit`);
  await expect(counter(page, '3 nós · 0 conexões')).toBeVisible();
  const ifCard = card(page, 'if_else');
  const trueHandle = ifCard.getByTitle('Verdadeiro');
  const falseHandle = ifCard.getByTitle('Falso');
  await expect(trueHandle).toHaveClass(/bg-green-500/);
  await expect(falseHandle).toHaveClass(/bg-red-500/);

  await connect(page, trueHandle, textCard(page, 'Que bom!').locator('.react-flow__handle.target'));
  await expect(toast(page, 'Conexão criada!')).toBeVisible();
  await expect(counter(page, '3 nós · 1 conexão')).toBeVisible();
  await connect(page, falseHandle, textCard(page, 'Que pena.').locator('.react-flow__handle.target'));
  await expect(counter(page, '3 nós · 2 conexões')).toBeVisible();
  await expectPending(page, 0);
  expect(edges(await stored())).toEqual([`${condition}>${yes}:true`, `${condition}>${no}:false`].sort());
});

test('o nome do cabeçalho é salvo ao sair do campo e o interruptor ativa/desativa; recusado pelo servidor, volta atrás', async ({ page, request }) => {
  const { flowId, stored } = await signedInWithFlow(page, request, 'Bot do Cabeçalho', 'Atendimento');

  await page.goto(`/flows/${flowId}/edit`);
  const name = page.getByRole('textbox', { name: 'Nome do fluxo' });
  await expect(name).toHaveValue('Atendimento');
  await name.fill('Atendimento VIP');
  await expect(toast(page, 'Nome atualizado!')).toHaveCount(0);
  await name.press('Tab');
  await expect(toast(page, 'Nome atualizado!')).toBeVisible();
  await expectPending(page, 0);
  expect((await stored()).name).toBe('Atendimento VIP');

  const enabled = page.getByRole('switch', { name: 'Fluxo ativo' });
  await expect(enabled).toHaveAttribute('aria-checked', 'true');
  await expect(enabled).toHaveText('Ativo');
  await enabled.click();
  await expect(toast(page, 'Fluxo desativado')).toBeVisible();
  await expect(enabled).toHaveAttribute('aria-checked', 'false');
  await expect(enabled).toHaveText('Inativo');
  await expectPending(page, 0);
  expect((await stored()).enabled).toBe(false);

  // The server refuses the next toggle: it is sent for a flow the server does not know, so the real server answers
  // it as failed (its id still advances, the queue stays in step) and the switch goes back.
  let refused = 0;
  await page.route('**/api/sync/push', async (route) => {
    const body = route.request().postDataJSON() as { mutations: { name: string; args: { flowId: string } }[] };
    for (const mutation of body.mutations) {
      if (mutation.name === 'flow.setEnabled') {
        mutation.args = { ...mutation.args, flowId: randomUUID() };
        refused += 1;
      }
    }
    await route.continue({ postData: JSON.stringify(body) });
  });
  await enabled.click();
  await expect(toast(page, 'Erro ao atualizar status do fluxo')).toBeVisible();
  expect(refused).toBeGreaterThan(0);
  await expect(enabled).toHaveAttribute('aria-checked', 'false');
  await expect(enabled).toHaveText('Inativo');
  await expectPending(page, 0);
  expect((await stored()).enabled).toBe(false);
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Nome do fluxo' })).toHaveValue('Atendimento VIP');
  await expect(page.getByRole('switch', { name: 'Fluxo ativo' })).toHaveAttribute('aria-checked', 'false');
});

test('a roda do mouse aproxima e afasta em torno do ponteiro, e o cartão segue clicável depois', async ({ page, request }) => {
  const { flows, flowId } = await signedInWithFlow(page, request, 'Bot da Roda', 'Zoom');
  await flows.node(flowId, 'trigger_command', { command: '/start' }, { x: 60, y: 60 });
  await flows.node(flowId, 'send_text', { message: 'Mensagem da roda' }, { x: 60, y: 300 });
  await page.goto(`/flows/${flowId}/edit`);
  await expect(counter(page, '2 nós · 0 conexões')).toBeVisible();
  const target = textCard(page, 'Mensagem da roda');
  const before = await target.boundingBox();
  if (!before) throw new Error('card not shown');
  const pointer = { x: before.x + before.width / 2, y: before.y + before.height / 2 };
  await page.mouse.move(pointer.x, pointer.y);
  for (let step = 0; step < 4; step++) await page.mouse.wheel(0, -100);
  // The gesture ends once the wheel stops: the card is larger, and the point under the pointer stayed where it was.
  await expect.poll(async () => (await target.boundingBox())?.width ?? 0).toBeGreaterThan(before.width * 1.3);
  const zoomed = await target.boundingBox();
  if (!zoomed) throw new Error('card lost');
  expect(Math.abs(zoomed.x + zoomed.width / 2 - pointer.x)).toBeLessThan(4);
  expect(Math.abs(zoomed.y + zoomed.height / 2 - pointer.y)).toBeLessThan(4);
  await expect(target).not.toHaveClass(/border-brand-500/);
  await target.getByText('Mensagem da roda').click();
  await expect(target).toHaveClass(/border-brand-500/);
  for (let step = 0; step < 4; step++) await page.mouse.wheel(0, 100);
  await expect.poll(async () => Math.round((await target.boundingBox())?.width ?? 0)).toBe(Math.round(before.width));
});
