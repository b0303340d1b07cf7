/**
 * One save model (docs/product.md#state-flow-editor): a dragged node is saved like any other edit, with no Salvar to
 * press. Leaving the editor right after a drag keeps it, and a drag made offline survives a reload and reaches
 * the server once the connection is back.
 */
import { expect, test, type APIRequestContext, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { card, expectSaved, place, saveState, shownPositions } from './test-support/canvas.ts';
import { emulator } from './test-support/emulator.ts';
import { flowApi } from './test-support/flows.ts';
import { auth, expectPending, syncStatus } from './test-support/offline.ts';
import { signInThroughUi, waitForServiceWorker } from './test-support/ui.ts';

const counter = (page: Page) => page.getByRole('status').filter({ hasText: /nós? ·/ });

test.use({ viewport: { width: 1366, height: 768 } });

async function flowWithTwoNodes(page: Page, request: APIRequestContext, botName: string) {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot(botName);
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const flows = flowApi(request, session.tokens.accessToken);
  const flowId = await flows.flow(botId, 'Posições');
  const trigger = await flows.node(flowId, 'trigger_command', { command: '/start' }, { x: 60, y: 60 });
  const reply = await flows.node(flowId, 'send_text', { message: 'Arraste-me' }, { x: 60, y: 300 });
  await signInThroughUi(page, account);
  const storedPositions = async () => {
    const response = await request.get(`/api/flows/${flowId}`, { headers: auth(session.tokens.accessToken) });
    const flow = (await response.json()).data.flow as { nodes: { id: string; position: { x: number; y: number } }[] };
    return Object.fromEntries(flow.nodes.map((n) => [n.id, n.position]));
  };
  return { flowId, trigger, reply, storedPositions };
}

test('um nó arrastado fica onde foi posto ao sair do editor logo em seguida, sem botão Salvar', async ({ page, request }) => {
  const { flowId, trigger, reply, storedPositions } = await flowWithTwoNodes(page, request, 'Bot das Posições');
  await page.goto(`/flows/${flowId}/edit`);
  await expect(counter(page)).toHaveText('2 nós · 0 conexões');
  await expect(page.getByRole('button', { name: 'Salvar', exact: true })).toHaveCount(0);
  await expect(saveState(page)).toHaveText('Salvo');

  await place(page, card(page, 'send_text'), { x: 420, y: 120 });
  const moved = (await shownPositions(page))[reply];
  expect(moved).not.toEqual({ x: 60, y: 300 });
  // Straight away, without clicking anything: back to the list, then the editor again.
  await page.getByRole('link', { name: 'Voltar para fluxos' }).click();
  await expect(page.getByRole('article', { name: 'Posições' })).toBeVisible();
  await page.getByRole('article', { name: 'Posições' }).getByRole('link', { name: 'Editar Fluxo' }).click();
  await expect(counter(page)).toHaveText('2 nós · 0 conexões');
  await expect.poll(async () => (await shownPositions(page))[reply]).toEqual(moved);

  await expectPending(page, 0);
  expect(await storedPositions()).toEqual({ [trigger]: { x: 60, y: 60 }, [reply]: moved });
  await page.reload();
  await expect.poll(async () => (await shownPositions(page))[reply]).toEqual(moved);
});

test('um nó arrastado sem rede sobrevive a um recarregamento sem rede e chega ao servidor ao reconectar', async ({ page, context, request }) => {
  const { flowId, trigger, reply, storedPositions } = await flowWithTwoNodes(page, request, 'Bot do Túnel');
  await waitForServiceWorker(page);
  await page.goto(`/flows/${flowId}/edit`);
  await expect(counter(page)).toHaveText('2 nós · 0 conexões');

  await context.setOffline(true);
  await expect(syncStatus(page)).toContainText('Offline');
  await place(page, card(page, 'send_text'), { x: 480, y: 60 });
  const moved = (await shownPositions(page))[reply];
  expect(moved).not.toEqual({ x: 60, y: 300 });
  await expectSaved(page);
  await expect(saveState(page)).toHaveText('Salvo neste aparelho');
  await expectPending(page, 1);

  await page.reload();
  await expect(counter(page)).toHaveText('2 nós · 0 conexões');
  await expect.poll(async () => (await shownPositions(page))[reply]).toEqual(moved);
  await expectPending(page, 1);

  await context.setOffline(false);
  await expectPending(page, 0);
  expect(await storedPositions()).toEqual({ [trigger]: { x: 60, y: 60 }, [reply]: moved });
});
