/**
 * An editor that helps, on a laptop: "+" under a node and a connection dropped on an empty spot add
 * the next node already connected, below its parent and in view with it; library nodes land in free space; Organizar lays the flow out
 * (dagre, loaded only then); the panel never hides its node; the minimap draws the nodes; the empty canvas says
 * what to do first; the canvas controls and panel labels speak pt-BR.
 */
import { expect, test, type APIRequestContext, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { card, drag, handle } from './test-support/canvas.ts';
import { emulator } from './test-support/emulator.ts';
import { flowApi } from './test-support/flows.ts';
import { auth } from './test-support/offline.ts';
import { signInThroughUi } from './test-support/ui.ts';

test.use({ viewport: { width: 1366, height: 800 } });

type Stored = { nodes: { id: string; subType: string; position: { x: number; y: number } }[]; connections: { sourceNodeId: string; targetNodeId: string; sourceHandle: string }[] };

const counter = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const panelOf = (page: Page) => page.getByRole('complementary', { name: 'Configuração do nó' });
const picker = (page: Page) => page.getByRole('dialog', { name: 'Adicionar nó' });

async function open(page: Page, request: APIRequestContext, name: string, dagreRequests?: string[]) {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot(name);
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const flows = flowApi(request, session.tokens.accessToken);
  const flowId = await flows.flow(botId, name);
  if (dagreRequests) page.on('request', (r) => r.url().includes('dagre') && dagreRequests.push(r.url()));
  await signInThroughUi(page, account);
  const stored = async () => {
    const response = await request.get(`/api/flows/${flowId}`, { headers: auth(session.tokens.accessToken) });
    return (await response.json()).data.flow as Stored;
  };
  return { flows, flowId, stored };
}

/** Screen boxes of every card; two of them overlapping is a bug. */
async function overlappingCards(page: Page) {
  const boxes = await page.locator('[data-testid="flow-node"]').evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().toJSON() as DOMRect));
  const pairs: string[] = [];
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b, j) => {
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) pairs.push(`${i}×${i + j + 1}`);
    }),
  );
  return pairs;
}

test('"+" sob um nó e uma conexão solta no vazio adicionam o próximo nó já conectado, abaixo do pai e os dois à vista', async ({ page, request }) => {
  const { flows, flowId, stored } = await open(page, request, 'Bot do Mais');
  const trigger = await flows.node(flowId, 'trigger_command', { command: '/start' }, { x: 60, y: 60 });
  await page.goto(`/flows/${flowId}/edit`);
  await expect(counter(page, '1 nó · 0 conexões')).toBeVisible();

  const triggerCard = card(page, 'trigger_command');
  await triggerCard.hover();
  await triggerCard.getByRole('button', { name: 'Adicionar próximo nó' }).click();
  await picker(page).getByRole('button', { name: 'Enviar texto' }).click();
  await expect(counter(page, '2 nós · 1 conexão')).toBeVisible();
  // Both boxes in one frame: the panel that opens pans the canvas, and two boxes read apart may straddle that pan.
  // The new node sits below its parent, in line with it, and the canvas beside the panel shows both whole.
  const layout = () =>
    page.evaluate(() => {
      const box = (subType: string) => document.querySelector(`[data-testid="flow-node"][data-subtype="${subType}"]`)?.getBoundingClientRect();
      const [parent, child, canvas] = [box('trigger_command'), box('send_text'), document.querySelector('[data-testid="flow-canvas"]')?.getBoundingClientRect()];
      if (!parent || !child || !canvas) return null;
      const inView = (b: DOMRect) => b.left >= canvas.left - 1 && b.right <= canvas.right + 1 && b.top >= canvas.top - 1 && b.bottom <= canvas.bottom + 1;
      return { below: child.top > parent.bottom, inLine: Math.abs(child.left - parent.left) < 1, parentInView: inView(parent), childInView: inView(child) };
    });
  await expect.poll(layout).toEqual({ below: true, inLine: true, parentInView: true, childInView: true });
  await panelOf(page).getByRole('button', { name: 'Fechar painel' }).click();

  // From the text node's handle to an empty spot below: the picker, then the node there, connected.
  const text = card(page, 'send_text');
  const start = await handle(text, '.source[data-handleid="default"]').boundingBox();
  if (!start) throw new Error('no handle');
  await drag(page, { x: start.x + start.width / 2, y: start.y + start.height / 2 }, { x: start.x + 40, y: start.y + 220 });
  await picker(page).getByRole('button', { name: 'Aguardar' }).click();
  await expect(counter(page, '3 nós · 2 conexões')).toBeVisible();
  expect(await overlappingCards(page)).toEqual([]);

  await expect
    .poll(async () => {
      const flow = await stored();
      const id = (subType: string) => flow.nodes.find((n) => n.subType === subType)?.id;
      return flow.connections.map((c) => `${c.sourceNodeId === trigger ? 'trigger' : c.sourceNodeId === id('send_text') ? 'text' : '?'}>${c.targetNodeId === id('send_text') ? 'text' : c.targetNodeId === id('delay') ? 'delay' : '?'}`).sort();
    })
    .toEqual(['text>delay', 'trigger>text']);
});

test('nós da biblioteca caem em espaço livre; Organizar arruma o fluxo e carrega o dagre só então', async ({ page, request }) => {
  const dagre: string[] = [];
  const { flows, flowId, stored } = await open(page, request, 'Bot Organizado', dagre);
  expect(dagre).toEqual([]);
  const ids: string[] = [];
  // Four nodes piled on the same spot, chained.
  for (const subType of ['trigger_command', 'send_text', 'send_text', 'send_text']) ids.push(await flows.node(flowId, subType, subType === 'trigger_command' ? { command: '/a' } : { message: `M${ids.length}` }, { x: 90, y: 90 }));
  for (let i = 1; i < ids.length; i++) await flows.connect(flowId, ids[i - 1] ?? '', ids[i] ?? '');
  await page.goto(`/flows/${flowId}/edit`);
  await expect(counter(page, '4 nós · 3 conexões')).toBeVisible();
  expect(dagre).toEqual([]);

  // The minimap draws one shape per node.
  await expect(page.locator('.react-flow__minimap-node')).toHaveCount(4);

  // Organizar's moves are saved like a drag, with nothing else to press.
  await page.getByRole('button', { name: 'Organizar' }).click();
  await expect.poll(() => overlappingCards(page)).toEqual([]);
  expect(dagre.length).toBeGreaterThan(0);
  await expect
    .poll(async () => {
      const flow = await stored();
      const y = (id: string | undefined) => flow.nodes.find((n) => n.id === id)?.position.y ?? 0;
      return ids.slice(1).every((id, i) => y(id) > y(ids[i]));
    })
    .toBe(true);

  // Library nodes land in free space, however many are added.
  const library = page.getByRole('navigation', { name: 'Biblioteca de nós' });
  for (let i = 0; i < 4; i++) {
    await library.getByRole('button', { name: 'Enviar texto' }).click();
    await panelOf(page).getByRole('button', { name: 'Fechar painel' }).click();
  }
  await expect(counter(page, '8 nós · 3 conexões')).toBeVisible();
  expect(await overlappingCards(page)).toEqual([]);
  await expect(page.locator('.react-flow__minimap-node')).toHaveCount(8);
});

test('o painel do nó nunca esconde o nó selecionado', async ({ page, request }) => {
  const { flows, flowId } = await open(page, request, 'Bot Visível');
  await flows.node(flowId, 'trigger_command', { command: '/a' }, { x: 0, y: 0 });
  await flows.node(flowId, 'send_text', { message: 'Lá na direita' }, { x: 1500, y: 0 });
  await page.goto(`/flows/${flowId}/edit`);
  const right = card(page, 'send_text');
  await right.getByText('Lá na direita').click();
  const panel = await panelOf(page).boundingBox();
  await expect
    .poll(async () => {
      const box = await right.boundingBox();
      return box !== null && panel !== null && box.x >= 0 && box.x + box.width <= panel.x;
    })
    .toBe(true);
});

/**
 * Watches the toasts from now on, whatever their duration: every title shown, the most on screen at once (leaving
 * ones aside), how many ever started above the editor header's bottom (where the toaster puts them, before any
 * entry animation) and how many ever overlapped the open node panel (its close button sits at its top). Read at the
 * end, so a short success toast gone before the check still counts.
 */
async function watchToasts(page: Page) {
  await page.evaluate(() => {
    const seen = { titles: [] as string[], most: 0, covering: 0, onPanel: 0, header: false };
    Object.assign(window, { __toasts: seen });
    const look = () => {
      const header = document.querySelector('header:has([aria-label="Nome do fluxo"])')?.getBoundingClientRect();
      const panel = document.querySelector('aside[aria-label="Configuração do nó"]')?.getBoundingClientRect();
      const shown = [...document.querySelectorAll('[data-sonner-toast]:not([data-removed="true"])')];
      seen.header ||= header !== undefined;
      seen.most = Math.max(seen.most, shown.length);
      for (const toast of shown) {
        const title = toast.querySelector('[data-title]')?.textContent ?? '';
        if (seen.titles.at(-1) !== title) seen.titles.push(title);
        const top = toast.closest('[data-sonner-toaster]')?.getBoundingClientRect().top ?? 0;
        if (header && top < header.bottom) seen.covering++;
        const box = toast.getBoundingClientRect();
        if (panel && box.right > panel.left && box.left < panel.right && box.bottom > panel.top && box.top < panel.bottom) seen.onPanel++;
      }
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-removed'] });
  });
  return (): Promise<{ titles: string[]; most: number; covering: number; onPanel: number; header: boolean }> => page.evaluate(() => Reflect.get(window, '__toasts'));
}

test('um toast por ação, nunca empilhados nem sobre o cabeçalho ou o painel do nó', async ({ page, request }) => {
  const { flowId } = await open(page, request, 'Bot dos Toasts');
  await page.goto(`/flows/${flowId}/edit`);
  const library = page.getByRole('navigation', { name: 'Biblioteca de nós' });
  await expect(library.getByRole('button', { name: 'Enviar texto' })).toBeVisible();
  const toasts = await watchToasts(page);
  for (let i = 0; i < 5; i++) await library.getByRole('button', { name: 'Enviar texto' }).click();
  await expect(counter(page, '5 nós · 0 conexões')).toBeVisible();
  await expect.poll(async () => (await toasts()).titles).toContain('Nó adicionado!');
  await page.keyboard.press('Control+s');
  await expect.poll(async () => (await toasts()).titles.at(-1)).toBe('Fluxo salvo!');
  await expect(page.getByRole('complementary', { name: 'Configuração do nó' })).toBeVisible();
  expect(await toasts()).toEqual({ titles: ['Nó adicionado!', 'Fluxo salvo!'], most: 1, covering: 0, onPanel: 0, header: true });
});

test('o canvas vazio diz por onde começar e some com o primeiro nó; controles e painel em português', async ({ page, request }) => {
  const { flowId } = await open(page, request, 'Bot Vazio');
  await page.goto(`/flows/${flowId}/edit`);
  const hint = page.getByRole('note', { name: 'Fluxo vazio' });
  await expect(hint).toContainText("Comece por um gatilho: clique em 'Comando' na biblioteca à esquerda para responder ao /start.");

  // React Flow's controls, named in pt-BR for a screen reader and in the tooltip.
  for (const name of ['Aproximar', 'Afastar', 'Ajustar à tela']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('title', name);
  }
  for (const english of ['Zoom In', 'Zoom Out', 'Fit View', 'Toggle Interactivity']) {
    await expect(page.getByRole('button', { name: english })).toHaveCount(0);
    await expect(page.locator(`[title="${english}"]`)).toHaveCount(0);
  }
  const zoom = () => page.locator('.react-flow__viewport').evaluate((element) => (element as HTMLElement).style.transform);
  const before = await zoom();
  await page.getByRole('button', { name: 'Afastar', exact: true }).click();
  await expect.poll(zoom).not.toBe(before);

  await page.getByRole('navigation', { name: 'Biblioteca de nós' }).getByRole('button', { name: 'Botão clicado' }).click();
  await expect(counter(page, '1 nó · 0 conexões')).toBeVisible();
  await expect(hint).toHaveCount(0);
  const panel = panelOf(page);
  await expect(panel.getByLabel('Código da ação do botão')).toHaveAttribute('placeholder', 'saber_mais');
  await expect(panel.getByText(/callback/i)).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Biblioteca de nós' }).getByRole('button', { name: 'Enviar botões' }).click();
  await panel.getByLabel('Tipo').first().selectOption({ label: 'Link ou ação no bot' });
  await expect(panel.getByLabel('Link ou código da ação')).toBeVisible();
  await expect(panel.getByText('Botão sem valor: informe um link ou o código da ação.')).toBeVisible();
  await expect(panel.getByText(/callback/i)).toHaveCount(0);
});
