import { expect, test, type APIRequestContext, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { signInThroughUi } from './test-support/ui.ts';

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);

/** The runtime writes contacts a few ms after the update: wait until the API lists them all. */
async function waitForContacts(request: APIRequestContext, token: string, botId: string, count: number) {
  await expect
    .poll(async () => {
      const response = await request.get(`/api/contacts/bot/${botId}`, { headers: { Authorization: `Bearer ${token}` } });
      return ((await response.json()) as { pagination: { total: number } }).pagination.total;
    })
    .toBe(count);
}

test('abre os contatos de um bot, busca sem acento, edita um contato e o remove com confirmação', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const token = session.tokens.accessToken;
  const bot = await emulator.createBot('Bot de Contatos');
  const botId = await createBotByApi(request, token, bot.token);
  const joao = await emulator.createUser('João', 'Silva');
  const maria = await emulator.createUser('Maria', 'Souza');
  await emulator.sendPrivateMessage(joao.id, bot.token, 'oi');
  await emulator.sendPrivateMessage(maria.id, bot.token, 'olá');
  await waitForContacts(request, token, botId, 2);

  await signInThroughUi(page, account);
  await page.goto(`/bots/${botId}`);
  await page.getByRole('link', { name: 'Ver Contatos' }).click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${botId}$`));
  await expect(page.getByRole('heading', { name: 'Contatos de Bot de Contatos' })).toBeVisible();
  const stats = page.getByRole('region', { name: 'Estatísticas de contatos' });
  await expect(stats.getByRole('listitem').filter({ hasText: 'Total' })).toContainText('2');
  const grid = page.getByRole('list', { name: 'Contatos' });
  await expect(grid.getByRole('article')).toHaveCount(2);

  await page.getByLabel('Buscar contatos').fill('joao');
  await expect(grid.getByRole('article')).toHaveCount(1);
  const card = grid.getByRole('article', { name: 'João Silva' });
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Editar João Silva' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar contato' });
  await dialog.getByLabel('Telefone').fill('abc');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Telefone inválido')).toBeVisible();
  await dialog.getByLabel('Telefone').fill('+55 11 91234-5678');
  await dialog.getByLabel('Sobrenome').fill('Silva Santos');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Contato atualizado com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const edited = grid.getByRole('article', { name: 'João Silva Santos' });
  await expect(edited.getByText('+55 11 91234-5678')).toBeVisible();
  await expect
    .poll(async () => {
      const response = await request.get(`/api/contacts/bot/${botId}?search=santos`, { headers: { Authorization: `Bearer ${token}` } });
      return ((await response.json()) as { data: { contacts: { phoneNumber: string | null }[] } }).data.contacts[0]?.phoneNumber;
    })
    .toBe('+55 11 91234-5678');

  await edited.getByRole('button', { name: 'Remover João Silva Santos' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remover contato' });
  await confirm.getByRole('button', { name: 'Remover' }).click();
  await expect(toast(page, 'Contato removido com sucesso!')).toBeVisible();
  await expect(grid).toBeHidden();
  await expect(page.getByText('Nenhum contato encontrado')).toBeVisible();
  await page.getByLabel('Buscar contatos').fill('');
  await expect(grid.getByRole('article')).toHaveCount(1);
  await expect(grid.getByRole('article', { name: 'Maria Souza' })).toBeVisible();
  await waitForContacts(request, token, botId, 1);
});
