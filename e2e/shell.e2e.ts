import { expect, test } from './test-support/test.ts';
import { registerByApi } from './test-support/accounts.ts';
import { signInThroughUi, waitForServiceWorker } from './test-support/ui.ts';

test('o app carrega offline depois da primeira visita', async ({ page, context, request }) => {
  const { account } = await registerByApi(request);
  await signInThroughUi(page, account);
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.setOffline(false);
});

test('o manifesto descreve o app instalável em pt-BR', async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Canalize', lang: 'pt-BR', display: 'standalone' });
  const sizes = manifest.icons.map((icon: { sizes: string; purpose?: string }) => `${icon.sizes}${icon.purpose === 'maskable' ? ' maskable' : ''}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512 maskable']));
  for (const icon of manifest.icons) expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
  expect(manifest.id).toBe('/');
  expect(manifest.shortcuts.map((shortcut: { name: string; url: string }) => `${shortcut.name} ${shortcut.url}`)).toEqual(['Chat /chat', 'Fluxos /flows', 'Disparos /broadcasts']);
  // Real screens, both form factors, each image the size it claims.
  const forms = new Set(manifest.screenshots.map((shot: { form_factor: string }) => shot.form_factor));
  expect([...forms].sort()).toEqual(['narrow', 'wide']);
  for (const shot of manifest.screenshots as { src: string; sizes: string }[]) {
    const image = await request.get(shot.src);
    expect(image.headers()['content-type']).toBe('image/png');
    const png = await image.body();
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(shot.sizes);
  }
  const page = await request.get('/');
  expect(await page.text()).toContain('<meta name="mobile-web-app-capable" content="yes" />');
  expect(await page.text()).not.toContain('apple-mobile-web-app-capable');
  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

test.describe('no celular', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('o menu lateral abre como sobreposição e fecha ao navegar', async ({ page, request }) => {
    const { account } = await registerByApi(request);
    await signInThroughUi(page, account);
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Meus Bots' }).click();
    await expect(page).toHaveURL(/\/bots$/);
    await expect(page.getByRole('heading', { name: 'Meus Bots' })).toBeVisible();
    await expect(nav).toBeHidden();
  });

  test('o cabeçalho cabe na tela: sem subtítulo cortado, nada além da largura', async ({ page, request }) => {
    const { account } = await registerByApi(request);
    await signInThroughUi(page, account);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('Gerencie seus bots de forma profissional')).toBeHidden();
    const header = page.getByRole('banner');
    const overflow = await header.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBe(0);
  });
});

test('o menu recolhe no desktop', async ({ page, request }) => {
  const { account } = await registerByApi(request);
  await signInThroughUi(page, account);
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  const wide = (await nav.boundingBox())?.width ?? 0;
  await page.getByRole('button', { name: 'Recolher menu' }).click();
  await expect.poll(async () => (await nav.boundingBox())?.width ?? 0).toBeLessThan(wide);
  await page.getByRole('button', { name: 'Expandir menu' }).click();
  await expect.poll(async () => (await nav.boundingBox())?.width ?? 0).toBe(wide);
});

// Web push (notifications from pushes, the Notificações switch): e2e/push.e2e.ts.
