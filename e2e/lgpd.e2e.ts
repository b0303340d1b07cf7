/**
 * A contact's data on request (LGPD), from the contact's dialog: "Exportar dados (LGPD)" downloads a JSON file with
 * the contact's messages and nothing of another contact; "Apagar dados (LGPD)" says what goes, and afterwards the
 * conversation and the contact are gone from the console while another contact's stay. Phone and laptop.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { axeViolations, expectFitsTheScreen } from './test-support/a11y.ts';
import { emulator } from './test-support/emulator.ts';
import { signInThroughUi } from './test-support/ui.ts';

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);
const conversations = (page: Page) => page.getByRole('list', { name: 'Conversas' });

async function twoContacts(request: APIRequestContext, tag: string) {
  const { account, session } = await registerByApi(request);
  const token = session.tokens.accessToken;
  const bot = await emulator.createBot(`Bot LGPD ${tag}`);
  const botId = await createBotByApi(request, token, bot.token);
  const joao = await emulator.createUser('João', 'Titular');
  const maria = await emulator.createUser('Maria', 'Outra');
  await emulator.sendPrivateMessage(joao.id, bot.token, `meu segredo ${tag}`);
  await emulator.sendPrivateMessage(maria.id, bot.token, `mensagem da Maria ${tag}`);
  await expect
    .poll(async () => {
      const response = await request.get(`/api/messages/conversations`, { headers: { Authorization: `Bearer ${token}` } });
      return JSON.stringify(await response.json());
    })
    .toContain(`mensagem da Maria ${tag}`);
  return { account, botId };
}

async function openContact(page: Page, botId: string, name: string) {
  await page.goto(`/contacts/${botId}`);
  await page.getByRole('list', { name: 'Contatos' }).getByRole('button', { name: `Editar ${name}` }).click();
  return page.getByRole('dialog', { name: 'Editar contato' });
}

for (const [device, viewport] of [['phone', { width: 390, height: 844 }], ['laptop', { width: 1366, height: 768 }]] as const) {
  test.describe(device, () => {
    test.use({ viewport, ...(device === 'phone' ? { isMobile: true, hasTouch: true } : {}) });

    test(`exporta os dados de um contato em JSON e os apaga, e a conversa some (${device})`, async ({ page, request }) => {
      const tag = crypto.randomUUID().slice(0, 8);
      const { account, botId } = await twoContacts(request, tag);
      await signInThroughUi(page, account);
      await page.goto('/chat');
      await expect(conversations(page)).toContainText(`meu segredo ${tag}`);

      const dialog = await openContact(page, botId, 'João Titular');
      await expect(dialog.getByRole('region', { name: 'Dados pessoais (LGPD)' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await expectFitsTheScreen(page);
      const downloading = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Exportar dados (LGPD)' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^contato-[0-9a-f-]{36}\.json$/);
      const file = await readFile(await download.path(), 'utf8');
      const exported = JSON.parse(file) as { contact: { firstName: string }; messages: { text: string | null }[] };
      expect(exported.contact.firstName).toBe('João');
      expect(exported.messages.map((message) => message.text)).toContain(`meu segredo ${tag}`);
      expect(file).not.toContain('Maria');
      await expect(toast(page, 'Dados do contato exportados')).toBeVisible();

      await dialog.getByRole('button', { name: 'Apagar dados (LGPD)' }).click();
      const confirm = page.getByRole('dialog', { name: 'Apagar dados do contato' });
      await expect(confirm).toContainText('todas as mensagens da conversa');
      await expect(confirm).toContainText('dados pessoais dos eventos de pixel');
      expect(await axeViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Cancelar' }).click();
      await expect(confirm).toBeHidden();
      await dialog.getByRole('button', { name: 'Apagar dados (LGPD)' }).click();
      await confirm.getByRole('button', { name: 'Apagar dados' }).click();
      await expect(toast(page, 'Dados do contato apagados')).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect(dialog).toBeHidden();
      const grid = page.getByRole('list', { name: 'Contatos' });
      await expect(grid.getByRole('article', { name: 'João Titular' })).toBeHidden();
      await expect(grid.getByRole('article', { name: 'Maria Outra' })).toBeVisible();

      await page.goto('/chat');
      await expect(conversations(page)).toContainText(`mensagem da Maria ${tag}`);
      await expect(page.getByText(`meu segredo ${tag}`)).toHaveCount(0);
      await expect(conversations(page).getByRole('button', { name: /João Titular/ })).toHaveCount(0);
    });
  });
}
