/**
 * API keys (docs/product.md#api-keys), on a laptop: the owner creates "Chaves de API" in Equipe with a name and the
 * contacts' read permission, copies the secret shown once, and another tool (Playwright's `request`) lists the
 * workspace's contacts with it; writes and the sync are refused in pt-BR. The list shows the key's prefix and its
 * last use; revoked after a confirmation, the key is refused on the very next request.
 */
import { expect, test, type Page } from './test-support/test.ts';
import { axeViolations } from './test-support/a11y.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { signInThroughUi } from './test-support/ui.ts';

test.use({ viewport: { width: 1366, height: 768 } });

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test('cria uma chave de API, usa-a para listar contatos e, revogada, ela deixa de funcionar', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot Integração');
  await createBotByApi(request, session.tokens.accessToken, bot.token);
  const carla = await emulator.createUser('Carla', 'Integração');
  await emulator.sendPrivateMessage(carla.id, bot.token, 'Oi');

  await signInThroughUi(page, account);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Equipe' }).click();
  await expect(page.getByText('Nenhuma chave de API ainda.')).toBeVisible();

  await page.getByRole('button', { name: 'Nova chave' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova chave de API' });
  await dialog.getByRole('button', { name: 'Criar chave' }).click();
  await expect(dialog.getByText('Dê um nome à chave')).toBeVisible();
  await expect(dialog.getByText('Escolha ao menos uma permissão')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Nome' }).fill('n8n da loja');
  await dialog.getByRole('checkbox', { name: 'Ler: Contatos' }).check();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Criar chave' }).click();
  await expect(toast(page, 'Chave de API criada')).toBeVisible();

  const created = page.getByRole('dialog', { name: 'Chave de API criada' });
  await expect(created.getByText('Copie a chave agora: ela não será mostrada de novo.', { exact: false })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await created.getByRole('button', { name: 'Copiar chave' }).click();
  const key = await clipboard(page);
  expect(key).toMatch(/^cz_live_[0-9A-Za-z]{33}$/);
  await created.getByRole('button', { name: 'Já copiei a chave' }).click();
  await expect(page.getByText(key)).toHaveCount(0);

  // Another tool uses the key: the contacts are listed; a write and the sync are refused in pt-BR.
  const contacts = async () => {
    const answer = await request.get('/api/contacts', { headers: { authorization: `Bearer ${key}` } });
    return `${answer.status()} ${await answer.text()}`;
  };
  await expect.poll(contacts).toMatch(/^200 .*Carla/);
  const write = await request.post('/api/quick-replies', { headers: { authorization: `Bearer ${key}` }, data: { shortcut: 'oi', text: 'Oi' } });
  expect(write.status()).toBe(403);
  expect((await write.json()).message).toBe('Esta chave de API não tem permissão para esta ação.');
  expect((await request.get('/api/sync/pull', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(403);

  // The list shows its prefix and its last use, in pt-BR.
  await page.reload();
  const keys = page.getByRole('list', { name: 'Chaves de API' });
  await expect(keys.getByText('n8n da loja')).toBeVisible();
  await expect(keys.getByText(`${key.slice(0, 12)}…`)).toBeVisible();
  await expect(keys.getByText('Contatos: ler')).toBeVisible();
  await expect(keys.getByText(/Criada em \d{2}\/\d{2}\/\d{4}.*Último uso em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();

  await keys.getByRole('button', { name: 'Revogar a chave n8n da loja' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revogar chave de API' });
  await confirm.getByRole('button', { name: 'Revogar' }).click();
  await expect(toast(page, 'Chave de API revogada')).toBeVisible();
  await expect(page.getByText('Nenhuma chave de API ainda.')).toBeVisible();
  const refused = await request.get('/api/contacts', { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).message).toBe('Chave de API inválida ou revogada.');
});
