import { expect, test, type APIRequestContext, type Page } from './test-support/test.ts';
import { axeViolations, expectFitsTheScreen } from './test-support/a11y.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { signInThroughUi } from './test-support/ui.ts';

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);

/** The runtime writes contacts a few ms after the update: wait until the API lists this many of the account's. */
async function waitForContacts(request: APIRequestContext, token: string, count: number) {
  await expect
    .poll(async () => {
      const response = await request.get('/api/contacts/all', { headers: { Authorization: `Bearer ${token}` } });
      return ((await response.json()) as { pagination: { total: number } }).pagination.total;
    })
    .toBe(count);
}

const PT_BR_DATE = /\d{2}\/\d{2}\/\d{4}/;

for (const [device, viewport] of [['phone', { width: 390, height: 844 }], ['laptop', { width: 1366, height: 768 }]] as const) {
  test.describe(device, () => {
    test.use({ viewport, ...(device === 'phone' ? { isMobile: true, hasTouch: true } : {}) });

    test(`exclui o bot pela página dele vendo o que vai junto, acha na Lixeira e restaura com os contatos (${device})`, async ({ page, request }) => {
      const { account, session } = await registerByApi(request);
      const token = session.tokens.accessToken;
      const bot = await emulator.createBot('Bot da Loja');
      const botId = await createBotByApi(request, token, bot.token);
      const ana = await emulator.createUser('Ana', 'Lima');
      const bruno = await emulator.createUser('Bruno', 'Reis');
      await emulator.sendPrivateMessage(ana.id, bot.token, 'oi');
      await emulator.sendPrivateMessage(bruno.id, bot.token, 'olá');
      await waitForContacts(request, token, 2);
      await signInThroughUi(page, account);

      await page.goto(`/bots/${botId}`);
      await page.getByRole('button', { name: 'Excluir', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Excluir bot' });
      await expect(confirm.getByText('Excluir Bot da Loja? O bot para de funcionar e vai para a Lixeira, onde fica 30 dias e pode ser restaurado.')).toBeVisible();
      await expect(confirm.getByRole('status')).toHaveText('Vai junto para a Lixeira: 2 contatos, 2 conversas, 0 fluxos.');
      expect(await axeViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Mover para a Lixeira' }).click();
      await expect(toast(page, 'Bot movido para a Lixeira. Você pode restaurá-lo por 30 dias.')).toBeVisible();
      await expect(page).toHaveURL(/\/bots$/);
      await expect(page.getByRole('article', { name: 'Bot da Loja' })).toBeHidden();
      // Hidden with it: the account's contacts no longer list them.
      await waitForContacts(request, token, 0);

      await page.getByRole('link', { name: 'Lixeira' }).click();
      await expect(page).toHaveURL(/\/bots\/trash$/);
      const card = page.getByRole('article', { name: 'Bot da Loja' });
      await expect(card.getByText(`@${bot.username}`)).toBeVisible();
      await expect(card.getByText(/^Excluído em /)).toHaveText(PT_BR_DATE);
      await expect(card.getByText(/^Apagado para sempre em /)).toHaveText(PT_BR_DATE);
      await expectFitsTheScreen(page);
      expect(await axeViolations(page)).toEqual([]);

      await card.getByRole('button', { name: 'Restaurar Bot da Loja' }).click();
      await expect(toast(page, 'Bot da Loja foi restaurado')).toBeVisible();
      await expect(page.getByText('A lixeira está vazia.')).toBeVisible();

      await page.getByRole('link', { name: 'Voltar' }).click();
      const restored = page.getByRole('article', { name: 'Bot da Loja' });
      await expect(restored.getByText('Ativo', { exact: true })).toBeVisible();
      await page.goto(`/contacts/${botId}`);
      const grid = page.getByRole('list', { name: 'Contatos' });
      await expect(grid.getByRole('article')).toHaveCount(2);
      await expect(grid.getByRole('article', { name: 'Ana Lima' })).toBeVisible();
      await expect(grid.getByRole('article', { name: 'Bruno Reis' })).toBeVisible();
    });
  });
}

test('"Excluir definitivamente" pede confirmação e apaga o bot da Lixeira', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot Antigo');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  await request.delete(`/api/bots/${botId}`, { headers: { Authorization: `Bearer ${session.tokens.accessToken}` } });
  await signInThroughUi(page, account);

  await page.goto('/bots/trash');
  const card = page.getByRole('article', { name: 'Bot Antigo' });
  await card.getByRole('button', { name: 'Excluir definitivamente Bot Antigo' }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir definitivamente' });
  await expect(confirm.getByText('Excluir Bot Antigo definitivamente? Contatos, conversas, fluxos e disparos deste bot serão apagados agora, sem volta.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(toast(page, 'Bot Antigo foi apagado definitivamente')).toBeVisible();
  await expect(page.getByText('A lixeira está vazia.')).toBeVisible();
});
