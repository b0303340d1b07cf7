import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi, type TestAccount } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { axeViolations } from './test-support/a11y.ts';
import { signInThroughUi } from './test-support/ui.ts';

/** Minha conta from the shell's menu (a drawer on the phone). */
async function openAccount(page: Page) {
  if ((page.viewportSize()?.width ?? 1366) < 768) await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Minha conta' }).click();
  await expect(page).toHaveURL(/\/conta$/);
  await expect(page.getByRole('heading', { name: 'Conta e segurança' })).toBeVisible();
}

async function signInFails(page: Page, account: TestAccount) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Senha').fill(account.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Email ou senha inválidos')).toBeVisible();
}

test.describe('minha conta', () => {
  test('trocar a senha e entrar com a nova', async ({ page, request }) => {
    const { account } = await registerByApi(request);
    await signInThroughUi(page, account);
    await openAccount(page);
    await page.getByRole('textbox', { name: 'Senha atual', exact: true }).fill('nao-e-a-senha');
    await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('nova-senha-456');
    await page.getByRole('textbox', { name: 'Confirme a nova senha', exact: true }).fill('nova-senha-4');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(page.getByText('As senhas não coincidem')).toBeVisible();
    await page.getByRole('textbox', { name: 'Confirme a nova senha', exact: true }).fill('nova-senha-456');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(page.getByText('Senha incorreta')).toBeVisible();
    await page.getByRole('textbox', { name: 'Senha atual', exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(page.getByText('Senha alterada. Os outros aparelhos foram desconectados.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Senha atual', exact: true })).toHaveValue('');

    await page.getByRole('button', { name: 'Sair', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInFails(page, account);
    await signInThroughUi(page, { ...account, password: 'nova-senha-456' });
  });

  test('sair de todos os aparelhos desconecta o outro aparelho também', async ({ browser, page, request }) => {
    const { account } = await registerByApi(request);
    await signInThroughUi(page, account);
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signInThroughUi(other, account);

    await openAccount(page);
    await page.getByRole('button', { name: 'Sair de todos os aparelhos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sair de todos os aparelhos?' });
    await expect(dialog.getByText('inclusive este')).toBeVisible();
    await dialog.getByRole('button', { name: 'Sair de todos' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Você saiu de todos os aparelhos.')).toBeVisible();

    // The other device's live stream is closed; its reconnection finds the session gone.
    await expect(other).toHaveURL(/\/login$/, { timeout: 20_000 });
    expect(await other.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
    await otherContext.close();
  });

  test('baixar meus dados: um arquivo com o bot e sem o token', async ({ page, request }) => {
    const { account, session } = await registerByApi(request);
    const bot = await emulator.createBot('Bot Exportado');
    await createBotByApi(request, session.tokens.accessToken, bot.token);
    await signInThroughUi(page, account);
    await openAccount(page);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar meus dados' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^canalize-dados-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await readFile(await download.path(), 'utf8');
    expect(file).toContain('Bot Exportado');
    expect(file).not.toContain(bot.token);
    await expect(page.getByText('Seus dados foram exportados')).toBeVisible();
  });
});

test.describe('excluir conta no celular', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('diz o que será excluído, pede a senha, apaga tudo e sai', async ({ page, request }) => {
    const { account, session } = await registerByApi(request);
    const bot = await emulator.createBot('Bot da Conta');
    await createBotByApi(request, session.tokens.accessToken, bot.token);
    await signInThroughUi(page, account);
    await openAccount(page);

    await page.getByRole('button', { name: 'Excluir conta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir sua conta?' });
    await expect(dialog.getByRole('list', { name: 'O que será excluído' }).getByRole('listitem')).toHaveText(['1 bot']);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel('Digite sua senha para confirmar').fill('nao-e-a-senha');
    await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();
    await expect(dialog.getByText('Senha incorreta')).toBeVisible();

    await dialog.getByLabel('Digite sua senha para confirmar').fill(account.password);
    await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Sua conta e todos os seus dados foram excluídos.')).toBeVisible();
    await expect
      .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name)))
      .not.toContain(`canalize-${session.user.id}`);
    await signInFails(page, account);
  });
});
