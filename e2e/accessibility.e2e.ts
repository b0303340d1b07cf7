/**
 * Every screen passes axe (WCAG 2 A/AA rules) with no serious or critical violation and runs past no screen edge,
 * on a phone and on a laptop:
 * every control named for a screen reader, contrast, landmarks, labels. Screens are filled with real data (a bot,
 * its chats, a contact who wrote, a flow with nodes, a broadcast) so lists and forms are checked, not only empty
 * states.
 */
import { expect, test } from './test-support/test.ts';
import { registerByApi } from './test-support/accounts.ts';
import { openScreen, screens, seed } from './test-support/seeded-screens.ts';
import { signInThroughUi } from './test-support/ui.ts';
import { axeViolations as violations, sidewaysOverflow } from './test-support/a11y.ts';

for (const device of [
  { name: 'no celular', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  { name: 'no notebook', use: { viewport: { width: 1366, height: 800 } } },
]) {
  test.describe(device.name, () => {
    test.use(device.use);

    test('login e cadastro sem violações sérias de acessibilidade', async ({ page }) => {
      for (const path of ['/login', '/register']) {
        await page.goto(path);
        await expect(page.getByRole('button', { name: path === '/login' ? 'Entrar' : 'Criar Conta' })).toBeVisible();
        expect(await violations(page), path).toEqual([]);
      }
    });

    test('a página de um convite sem violações sérias de acessibilidade', async ({ page, request }) => {
      const { session } = await registerByApi(request);
      const created = await request.post('/api/team/invitations', { headers: { Authorization: `Bearer ${session.tokens.accessToken}` }, data: { role: 'agent' } });
      const { url } = ((await created.json()) as { data: { invitation: { url: string } } }).data.invitation;
      await page.goto(url);
      await expect(page.getByRole('link', { name: 'Criar conta e entrar' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    });

    test('os avisos (toasts) de erro e de sucesso têm contraste suficiente', async ({ page, request }) => {
      const { account } = await registerByApi(request);
      await page.goto('/login');
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Senha').fill('senha-errada');
      // Sonner holds its toasts' timers while the document is hidden: said hidden here, the 4-second error toast and
      // the 2-second success toast stay until axe has read them, however busy the machine.
      await page.evaluate(() => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page.getByText('Email ou senha inválidos')).toBeVisible();
      expect(await violations(page, '[data-sonner-toaster]'), 'toast de erro').toEqual([]);
      await page.getByLabel('Senha').fill(account.password);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
      expect(await violations(page, '[data-sonner-toaster]'), 'toast de sucesso').toEqual([]);
    });

    test('cada tela do console sem violações sérias de acessibilidade', async ({ page, request }) => {
      test.setTimeout(180_000);
      const seeded = await seed(request);
      await signInThroughUi(page, seeded.account);
      const found: string[] = [];
      for (const screen of screens(seeded)) {
        await openScreen(page, screen);
        found.push(...(await violations(page)).map((violation) => `${screen.path} ${violation}`));
        // Nothing runs past the screen: no sideways scrolling of the page on a phone or a laptop.
        const overflow = await sidewaysOverflow(page);
        if (overflow > 0) found.push(`${screen.path} passa ${overflow}px da largura da tela`);
      }
      expect(found).toEqual([]);
    });
  });
}
