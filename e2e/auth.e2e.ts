import { expect, test } from './test-support/test.ts';
import { createBotByApi, newAccount, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { flowApi } from './test-support/flows.ts';

test.describe('contas', () => {
  test('cadastro → dashboard → sair → entrar', async ({ page }) => {
    const account = newAccount();
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Crie sua conta' })).toBeVisible();
    await page.getByLabel('Nome completo').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Senha').fill(account.password);
    await page.getByRole('button', { name: 'Criar Conta' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Conta criada com sucesso!')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Meus Bots', 'Fluxos', 'Funis', 'Pixels', 'Acessos', 'Disparos', 'Contatos', 'Chat', 'Respostas rápidas', 'Equipe', 'Webhooks', 'Minha conta']);
    await expect(page.getByText(account.email)).toBeVisible();

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Logout realizado com sucesso!')).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')])).toEqual([null, null]);

    await page.getByLabel('Email').fill(account.email.toUpperCase());
    await page.getByLabel('Senha').fill(account.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
  });

  test('o painel mostra zero bots e o passo a passo de primeiros passos', async ({ page }) => {
    await page.goto('/register');
    const account = newAccount();
    await page.getByLabel('Nome completo').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Senha').fill(account.password);
    await page.getByRole('button', { name: 'Criar Conta' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Gerencie seus bots de forma profissional')).toBeVisible();
    for (const label of ['Total de bots', 'Bots ativos', 'Canais', 'Fluxos']) {
      await expect(page.getByRole('main').getByText(label, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByRole('list', { name: /primeiros passos/i }).getByRole('listitem')).toHaveCount(5);
  });

  test('mensagens de validação do cadastro e do login', async ({ page }) => {
    await page.goto('/register');
    // The footer's year follows the clock, not the year the page was written.
    await expect(page.getByText(`© ${new Date().getFullYear()} Canalize. Todos os direitos reservados.`)).toBeVisible();
    await page.getByLabel('Nome completo').fill('A');
    await page.getByLabel('Email').fill('nao-e-email');
    await page.getByLabel('Senha').fill('123');
    await page.getByRole('button', { name: 'Criar Conta' }).click();
    await expect(page.getByText('Nome deve ter no mínimo 2 caracteres')).toBeVisible();
    await expect(page.getByText('Email inválido')).toBeVisible();
    await expect(page.getByText('Senha deve ter no mínimo 6 caracteres')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);

    await page.getByRole('link', { name: /Faça login/ }).click();
    await expect(page.getByRole('heading', { name: 'Bem-vindo de volta!' })).toBeVisible();
    await page.getByLabel('Email').fill('tambem-nao');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Email inválido')).toBeVisible();
    await expect(page.getByText('Senha é obrigatória')).toBeVisible();
  });

  test('erros do servidor aparecem com a mensagem do servidor', async ({ page, request }) => {
    const { account } = await registerByApi(request);
    await page.goto('/register');
    await page.getByLabel('Nome completo').fill('Outra Pessoa');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Senha').fill('outrasenha');
    await page.getByRole('button', { name: 'Criar Conta' }).click();
    await expect(page.getByText('Não foi possível criar a conta com estes dados. Se você já tem uma conta, entre com seu e-mail e senha.')).toBeVisible();

    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Senha').fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Email ou senha inválidos')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // A second failure replaces the toast; the next good login takes it away instead of leaving it on the dashboard.
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Email ou senha inválidos')).toHaveCount(1);
    await page.getByLabel('Senha').fill(account.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Email ou senha inválidos')).toHaveCount(0);
  });

  test('rotas protegidas levam ao login; / leva ao dashboard', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/bots');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fbots$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: /Cadastre-se/ }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('um link direto leva ao login e, depois de entrar, à página pedida', async ({ page, request }) => {
    const { account, session } = await registerByApi(request);
    const bot = await emulator.createBot('Bot do Link');
    const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
    const flowId = await flowApi(request, session.tokens.accessToken).flow(botId, 'Fluxo do link');

    await page.goto(`/flows/${flowId}/edit`);
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Senha').fill(account.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(new RegExp(`/flows/${flowId}/edit$`));
    await expect(page.getByRole('textbox', { name: 'Nome do fluxo' })).toHaveValue('Fluxo do link');

    // Signed in already: the login screen sends the visit on to the page it names.
    await page.goto(`/login?redirect=${encodeURIComponent('/contacts')}`);
    await expect(page).toHaveURL(/\/contacts$/);
  });

  test('o destino depois do login é sempre deste site', async ({ page, request }) => {
    const { account } = await registerByApi(request);
    for (const target of ['//evil.example.com/flows', 'https://evil.example.com/', '/\\evil.example.com', 'javascript:alert(1)']) {
      await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Senha').fill(account.password);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page).toHaveURL(/^http:\/\/[^/]+\/dashboard$/);
      await page.getByRole('button', { name: 'Sair' }).click();
      await expect(page).toHaveURL(/\/login$/);
    }
  });
});
