/**
 * The flow editor on a phone: 390×844 with touch. The canvas takes the screen, the library is a bottom
 * sheet behind "+", the node panel a full-width sheet whose Salvar nó / Excluir stay reachable, the header a compact
 * bar; a flow is built and edited by tapping alone (every edit saves itself), and nothing runs past the screen.
 */
import { expect, test, type CDPSession, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { card, saveState } from './test-support/canvas.ts';
import { emulator } from './test-support/emulator.ts';
import { flowApi } from './test-support/flows.ts';
import { auth } from './test-support/offline.ts';
import { signInThroughUi } from './test-support/ui.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text).first();
const counter = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const panelOf = (page: Page) => page.getByRole('complementary', { name: 'Configuração do nó' });

/** Elements of the editor (outside the canvas's own drawing, which may extend past the edge) wider than the screen. */
async function overflowing(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const out: string[] = [];
    for (const element of document.querySelectorAll('body *')) {
      if (element.closest('.react-flow__viewport, .react-flow__minimap')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // The closed sidebar waits off-screen to the left.
      if (box.right <= 0) continue;
      if (box.right > width + 0.5) out.push(`${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} → ${Math.round(box.right)}`);
    }
    if (document.documentElement.scrollWidth > width) out.push(`page scrollWidth ${document.documentElement.scrollWidth}`);
    return out;
  });
}

async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
}

async function longPress(page: Page, cdp: CDPSession, target: ReturnType<Page['locator']>) {
  const box = await target.boundingBox();
  if (!box) throw new Error('no box');
  const at = { x: box.x + box.width / 2, y: box.y + 16 };
  await touch(cdp, 'touchStart', [at]);
  await page.waitForTimeout(800);
  await touch(cdp, 'touchEnd', []);
}

const viewportTransform = (page: Page) => page.locator('.react-flow__viewport').evaluate((element) => (element as HTMLElement).style.transform);

test('monta, edita e salva um fluxo só com toques num celular, sem nada passar da tela', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot do Celular');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const flowId = await flowApi(request, session.tokens.accessToken).flow(botId, 'Boas-vindas do celular com um nome bem comprido');
  await signInThroughUi(page, account);
  await page.goto(`/flows/${flowId}/edit`);

  // The compact bar: back, the name (whole in the field, cut on screen), the save state and the menu; no library column.
  await expect(page.getByLabel('Nome do fluxo')).toHaveValue('Boas-vindas do celular com um nome bem comprido');
  await expect(saveState(page)).toBeInViewport();
  await expect(saveState(page)).toHaveText('Salvo');
  await expect(page.getByRole('navigation', { name: 'Biblioteca de nós' })).toHaveCount(0);
  const canvasBox = await page.getByTestId('flow-canvas').boundingBox();
  expect(canvasBox?.width).toBeGreaterThanOrEqual(380);
  expect(await overflowing(page)).toEqual([]);

  // The empty canvas says what to do first, in the phone's words.
  const hint = page.getByRole('note', { name: 'Fluxo vazio' });
  await expect(hint).toContainText("Comece por um gatilho: toque em + e escolha 'Comando' para responder ao /start.");
  await expect(hint).toBeInViewport();

  // The library as a bottom sheet behind "+".
  await page.getByRole('button', { name: 'Adicionar nó' }).tap();
  const sheet = page.getByRole('dialog', { name: 'Adicionar nó' });
  await expect(sheet.getByRole('navigation', { name: 'Biblioteca de nós' })).toBeVisible();
  expect(await overflowing(page)).toEqual([]);
  await sheet.getByRole('button', { name: 'Comando' }).tap();
  await expect(sheet).toHaveCount(0);
  await expect(counter(page, '1 nó · 0 conexões')).toBeVisible();
  await expect(hint).toHaveCount(0);

  // The new node's panel: a full-width sheet with its actions on screen.
  const panel = panelOf(page);
  await expect(panel.getByRole('heading', { name: 'Configurar nó' })).toBeVisible();
  await panel.getByLabel('Comando').fill('/oi');
  await expect(panel.getByRole('button', { name: 'Salvar nó' })).toBeInViewport({ ratio: 1 });
  await expect(panel.getByRole('button', { name: 'Excluir' })).toBeInViewport({ ratio: 1 });
  expect(await overflowing(page)).toEqual([]);
  await panel.getByRole('button', { name: 'Salvar nó' }).tap();
  await expect(toast(page, 'Nó atualizado!')).toBeVisible();
  // The node stays visible above the sheet.
  await expect(card(page, 'trigger_command')).toBeInViewport();
  await panel.getByRole('button', { name: 'Fechar painel' }).tap();

  // "+" under the trigger: the next node comes connected.
  await card(page, 'trigger_command').getByRole('button', { name: 'Adicionar próximo nó' }).tap();
  await page.getByRole('dialog', { name: 'Adicionar nó' }).getByRole('button', { name: 'Enviar texto' }).tap();
  await expect(counter(page, '2 nós · 1 conexão')).toBeVisible();
  await panel.getByLabel('Mensagem').fill('Olá pelo celular!');
  await panel.getByRole('button', { name: 'Salvar nó' }).tap();
  await expect(card(page, 'send_text')).toContainText('Olá pelo celular!');
  await expect(card(page, 'send_text')).toBeInViewport();
  await panel.getByRole('button', { name: 'Fechar painel' }).tap();

  // Long press: the node's menu; Duplicar adds a copy beside it.
  const cdp = await page.context().newCDPSession(page);
  await longPress(page, cdp, card(page, 'send_text'));
  const menu = page.getByRole('menu', { name: 'Ações do nó' });
  await expect(menu.getByRole('menuitem', { name: 'Editar' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Duplicar' }).tap();
  await expect(counter(page, '3 nós · 1 conexão')).toBeVisible();
  await expect(card(page, 'send_text')).toHaveCount(2);
  await panel.getByRole('button', { name: 'Excluir' }).tap();
  await page.getByRole('dialog', { name: 'Excluir nó' }).getByRole('button', { name: 'Excluir' }).tap();
  await expect(counter(page, '2 nós · 1 conexão')).toBeVisible();

  // Pinch zoom and two-finger pan on an empty part of the canvas.
  const box = await page.getByTestId('flow-canvas').boundingBox();
  if (!box) throw new Error('no canvas');
  const mid = { x: box.x + box.width / 2, y: box.y + box.height - 120 };
  const before = await viewportTransform(page);
  await touch(cdp, 'touchStart', [{ x: mid.x - 30, y: mid.y }, { x: mid.x + 30, y: mid.y }]);
  for (let i = 1; i <= 6; i++) await touch(cdp, 'touchMove', [{ x: mid.x - 30 - i * 12, y: mid.y }, { x: mid.x + 30 + i * 12, y: mid.y }]);
  await touch(cdp, 'touchEnd', []);
  const zoomed = await viewportTransform(page);
  expect(/scale\(([\d.]+)\)/.exec(zoomed)?.[1]).not.toBe(/scale\(([\d.]+)\)/.exec(before)?.[1]);
  await touch(cdp, 'touchStart', [{ x: mid.x - 30, y: mid.y }, { x: mid.x + 30, y: mid.y }]);
  for (let i = 1; i <= 6; i++) await touch(cdp, 'touchMove', [{ x: mid.x - 30, y: mid.y - i * 15 }, { x: mid.x + 30, y: mid.y - i * 15 }]);
  await touch(cdp, 'touchEnd', []);
  expect(await viewportTransform(page)).not.toBe(zoomed);

  // The menu holds the rest; every edit saved itself.
  await page.getByRole('button', { name: 'Mais ações' }).tap();
  await expect(page.getByRole('menuitem', { name: 'Organizar' })).toBeVisible();
  expect(await overflowing(page)).toEqual([]);
  await page.getByRole('menuitemcheckbox', { name: 'Fluxo ativo' }).tap();
  await expect(toast(page, 'Fluxo desativado')).toBeVisible();
  await page.getByRole('button', { name: 'Mais ações' }).tap();
  await expect(saveState(page)).toHaveText('Salvo');
  // One toast, below the compact bar: the bar stays uncovered.
  const bar = await page.locator('header').filter({ has: page.getByLabel('Nome do fluxo') }).boundingBox();
  const shown = await page.locator('[data-sonner-toast]').evaluateAll((items) => items.map((t) => t.getBoundingClientRect().top));
  expect(shown).toHaveLength(1);
  expect(shown[0]).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0));

  await expect
    .poll(async () => {
      const response = await request.get(`/api/flows/${flowId}`, { headers: auth(session.tokens.accessToken) });
      const stored = (await response.json()).data.flow as { nodes: { subType: string; config: Record<string, unknown> }[]; connections: unknown[] };
      return [stored.nodes.map((n) => n.subType).sort(), stored.connections.length, stored.nodes.find((n) => n.subType === 'send_text')?.config.message];
    })
    .toEqual([['send_text', 'trigger_command'], 1, 'Olá pelo celular!']);

  await page.reload();
  await expect(counter(page, '2 nós · 1 conexão')).toBeVisible();
  await expect(card(page, 'send_text')).toContainText('Olá pelo celular!');
  await expect(card(page, 'trigger_command')).toContainText('/oi');
  expect(await overflowing(page)).toEqual([]);
});

/**
 * The points of a `size`-px square beside the dot, reaching out of its card from the dot's centre (`out`: down for
 * the bottom dot, up for the top one), that do not hit it, and whether the card just inside the dot is left to the
 * card (a tap there opens the node): none and true when that square is its touch target and it covers no content.
 */
async function hitsAround(target: ReturnType<Page['locator']>, size: number, out: 1 | -1) {
  return target.evaluate((element, [side, direction]) => {
    const box = element.getBoundingClientRect();
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2 + (direction * side) / 2;
    const half = side / 2 - 0.5;
    const points = [[-half, -half], [half, -half], [-half, half], [half, half], [0, -half], [0, half], [-half, 0], [half, 0]];
    const missed = points.map(([dx = 0, dy = 0]) => {
      const hit = document.elementFromPoint(cx + dx, cy + dy);
      return hit !== null && (hit === element || element.contains(hit)) ? 'ok' : `${dx},${dy} → ${hit?.tagName ?? 'nada'}`;
    }).filter((r) => r !== 'ok');
    const inside = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2 - direction * box.height);
    return { missed, cardInside: inside !== null && !element.contains(inside) && inside.closest('[data-testid="flow-node"]') !== null };
  }, [size, out] as const);
}

test('as bolinhas de conexão têm alvo de toque de 24 px e ligam dois nós com o dedo', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot dos Dedos');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const flows = flowApi(request, session.tokens.accessToken);
  const flowId = await flows.flow(botId, 'Dedos');
  await flows.node(flowId, 'trigger_command', { command: '/start' }, { x: 0, y: 0 });
  await flows.node(flowId, 'send_text', { message: 'Olá!' }, { x: 0, y: 300 });
  await signInThroughUi(page, account);
  await page.goto(`/flows/${flowId}/edit`);
  await expect(counter(page, '2 nós · 0 conexões')).toBeVisible();

  const source = card(page, 'trigger_command').locator('.react-flow__handle.source');
  const target = card(page, 'send_text').locator('.react-flow__handle.target');
  for (const [dot, out] of [[source, 1], [target, -1]] as const) {
    await expect(dot).toBeVisible();
    expect(await hitsAround(dot, 24, out)).toEqual({ missed: [], cardInside: true });
  }

  // The "+" under a card: a 24 px square around its centre is the button's, however small the canvas draws it.
  const add = card(page, 'trigger_command').getByRole('button', { name: 'Adicionar próximo nó' });
  const missedAroundAdd = await add.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    return [[-11.5, -11.5], [11.5, -11.5], [-11.5, 11.5], [11.5, 11.5], [0, -11.5], [0, 11.5], [-11.5, 0], [11.5, 0]]
      .map(([dx = 0, dy = 0]) => document.elementFromPoint(cx + dx, cy + dy))
      .filter((hit) => hit === null || !(hit === element || element.contains(hit))).length;
  });
  expect(missedAroundAdd).toBe(0);

  // A finger that lands beside the dot, still inside its target, drags a connection to the next node.
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('no handles');
  const start = { x: from.x + from.width / 2 + 10, y: from.y + from.height / 2 + 10 };
  const end = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await touch(cdp, 'touchStart', [start]);
  for (let i = 1; i <= 10; i++) await touch(cdp, 'touchMove', [{ x: start.x + ((end.x - start.x) * i) / 10, y: start.y + ((end.y - start.y) * i) / 10 }]);
  await touch(cdp, 'touchEnd', []);
  await expect(counter(page, '2 nós · 1 conexão')).toBeVisible();
});
