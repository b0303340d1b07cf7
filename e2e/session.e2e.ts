import { expect, test } from './test-support/test.ts';
import { expiredAccessToken, registerByApi } from './test-support/accounts.ts';
import { replaceAccessTokenOnNextLoad, signInThroughUi } from './test-support/ui.ts';

test('um access token expirado é renovado sem o usuário perceber', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  await signInThroughUi(page, account);
  const expired = expiredAccessToken(session.user.id);
  await replaceAccessTokenOnNextLoad(page, expired);

  const statuses: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/')) statuses.push(`${response.status()} ${url.pathname}`);
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect.poll(() => statuses.filter((s) => s === '200 /api/auth/refresh').length).toBe(1);
  expect(statuses.some((s) => s.startsWith('401 '))).toBe(true);
  await expect(page.getByText('Erro ao carregar estatísticas')).toHaveCount(0);

  const stored = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(stored).not.toBe(expired);
  expect(stored).not.toBe(session.tokens.accessToken);
  const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${stored}` } });
  expect(me.status()).toBe(200);
});

test('falha ao renovar limpa os tokens e volta ao login', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  await signInThroughUi(page, account);
  await replaceAccessTokenOnNextLoad(page, expiredAccessToken(session.user.id));
  // Revoke the refresh token on the server: the app's refresh must fail.
  const stored = await page.evaluate(() => localStorage.getItem('refreshToken'));
  await request.post('/api/auth/logout', { data: { refreshToken: stored } });

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')])).toEqual([null, null]);
});
