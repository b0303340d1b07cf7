/**
 * Touch targets of at least 24 × 24 px (WCAG 2.5.8) on every screen of the console on a phone, and the sidebar's
 * collapse button whole on a laptop. What sits on the flow canvas scales with its zoom (the connection handles, a
 * card's "+"), a subject of the flow editor journeys, left out here.
 */
import { expect, test } from './test-support/test.ts';
import { openScreen, screens, seed } from './test-support/seeded-screens.ts';
import { smallTargets } from './test-support/touch-targets.ts';
import { signInThroughUi } from './test-support/ui.ts';

const CANVAS = '.react-flow__nodes';

test.describe('no celular', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('todo alvo de toque tem ao menos 24 × 24 px', async ({ page, request }) => {
    test.setTimeout(150_000);
    const found: string[] = [];
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      found.push(...(await smallTargets(page)).map((target) => `${path} ${target}`));
    }
    const seeded = await seed(request);
    await signInThroughUi(page, seeded.account);
    for (const screen of screens(seeded)) {
      await openScreen(page, screen);
      found.push(...(await smallTargets(page, [CANVAS])).map((target) => `${screen.path} ${target}`));
      // What shows further down a long screen is measured where it shows.
      await page.mouse.wheel(0, 2000);
      found.push(...(await smallTargets(page, [CANVAS])).map((target) => `${screen.path} (rolada) ${target}`));
    }
    // What opens over a screen: a node's settings, the pending changes, the menu, a toast.
    await openScreen(page, { path: `/flows/${seeded.flowId}/edit`, ready: null });
    await page.locator('[data-testid="flow-node"][data-subtype="trigger_command"]').tap();
    await expect(page.getByRole('complementary', { name: 'Configuração do nó' })).toBeVisible();
    found.push(...(await smallTargets(page, [CANVAS])).map((target) => `painel do nó ${target}`));
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Ver alterações' }).tap();
    found.push(...(await smallTargets(page)).map((target) => `alterações ${target}`));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Abrir menu' }).tap();
    found.push(...(await smallTargets(page)).map((target) => `menu ${target}`));
    await page.getByRole('button', { name: 'Fechar menu' }).tap();
    await page.goto(`/bots/${seeded.botId}`);
    await page.getByRole('button', { name: 'Sincronizar' }).tap();
    await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
    found.push(...(await smallTargets(page, ['main'])).map((target) => `toast ${target}`));
    expect([...new Set(found)]).toEqual([]);
  });
});

test.describe('no notebook', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  /** Whether the button is inside the viewport and on top at its centre and near each corner (nothing clips or covers it). */
  const wholeOnTop = (page: Parameters<typeof smallTargets>[0], name: string) =>
    page.getByRole('button', { name }).evaluate((button) => {
      const rect = button.getBoundingClientRect();
      if (rect.left < 0 || rect.top < 0 || rect.right > innerWidth || rect.bottom > innerHeight) return false;
      const inset = 3;
      const points = [
        [rect.left + rect.width / 2, rect.top + rect.height / 2],
        [rect.left + inset, rect.top + rect.height / 2],
        [rect.right - inset, rect.top + rect.height / 2],
        [rect.left + rect.width / 2, rect.top + inset],
        [rect.left + rect.width / 2, rect.bottom - inset],
      ];
      return points.every(([x = 0, y = 0]) => button.contains(document.elementFromPoint(x, y)));
    });

  test('o botão de recolher o menu aparece inteiro, recolhido ou não, em cada tela', async ({ page, request }) => {
    const seeded = await seed(request);
    await signInThroughUi(page, seeded.account);
    for (const screen of [{ path: '/dashboard', ready: 'Dashboard' }, { path: '/chat', ready: 'Chat' }, { path: `/flows/${seeded.flowId}/edit`, ready: null }]) {
      await openScreen(page, screen);
      expect(await wholeOnTop(page, 'Recolher menu'), screen.path).toBe(true);
      await page.getByRole('button', { name: 'Recolher menu' }).click();
      expect(await wholeOnTop(page, 'Expandir menu'), `${screen.path} recolhido`).toBe(true);
      await page.getByRole('button', { name: 'Expandir menu' }).click();
    }
    expect(await smallTargets(page, [CANVAS])).toEqual([]);
  });
});
