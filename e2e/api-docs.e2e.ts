/**
 * The API reference at /api/docs: Scalar's page renders the generated OpenAPI document under the product's CSP (the
 * automatic fixture fails on any refusal), from this origin only, on a phone and on a laptop.
 */
import { expect, test } from './test-support/test.ts';
import { axeViolations } from './test-support/a11y.ts';

for (const device of [
  { name: 'no celular', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  { name: 'no notebook', use: { viewport: { width: 1366, height: 800 } } },
]) {
  test.describe(device.name, () => {
    test.use(device.use);

    test('a referência da API mostra as operações sem sair da origem', async ({ page, baseURL }) => {
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(baseURL ?? '') && !request.url().startsWith('data:')) elsewhere.push(request.url());
      });
      await page.goto('/api/docs');
      // A 4.8 MB script to parse before the first heading: more than the usual wait on a loaded machine.
      await expect(page.getByRole('heading', { name: 'Canalize API', level: 1 })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('heading', { name: 'Bots', level: 2 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Lista os bots' })).toBeAttached();
      await expect(page).toHaveTitle(/Canalize API/);
      expect(elsewhere).toEqual([]);
    });
  });
}

test('a referência da API não tem violações sérias de acessibilidade', async ({ page }) => {
  // 160 operations make a large page: axe takes longer on it than on a screen of the app.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: 'Canalize API', level: 1 })).toBeVisible({ timeout: 30_000 });
  expect(await axeViolations(page)).toEqual([]);
});
