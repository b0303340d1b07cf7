import { expect, test } from './test-support/test.ts';

test.describe('Content-Security-Policy', () => {
  test('as páginas chegam com a política e os cabeçalhos de segurança', async ({ request }) => {
    for (const path of ['/login', '/dashboard', '/sw.js']) {
      const response = await request.get(path);
      const csp = response.headers()['content-security-policy'] ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(response.headers()['x-content-type-options'], path).toBe('nosniff');
    }
  });

  test('o coletor do e2e acusa um script inline recusado', async ({ page, cspViolations }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    expect(cspViolations).toEqual([]);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.title = "injetado"';
      document.body.append(script);
    });
    await expect.poll(() => cspViolations.some((v) => v.includes('script-src'))).toBe(true);
    await expect(page).not.toHaveTitle('injetado');
    // The refusal was the point of this test: clear it so the fixture's own check passes.
    cspViolations.length = 0;
  });
});
