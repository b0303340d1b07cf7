import { startSmtpInbox, type SmtpInbox } from '../server/src/test-support/smtp-inbox.ts';
import { axeViolations, sidewaysOverflow } from './test-support/a11y.ts';
import { registerByApi } from './test-support/accounts.ts';
import { E2E_SMTP_PORT } from './test-support/env.ts';
import { expect, test } from './test-support/test.ts';

/** The local SMTP server the e2e server's SMTP_URL points at (playwright.config.ts): the journeys read their mail here. */
let inbox: SmtpInbox;
test.beforeAll(async () => {
  inbox = await startSmtpInbox({ port: E2E_SMTP_PORT });
});
test.afterAll(async () => {
  await inbox.stop();
});

/** Each screen of the journey passes axe and runs past no screen edge. */
async function accessible(page: Parameters<typeof axeViolations>[0], label: string) {
  expect(await axeViolations(page), label).toEqual([]);
  expect(await sidewaysOverflow(page), label).toBe(0);
}

const VIEWPORTS = [
  { name: 'no celular', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  { name: 'no notebook', use: { viewport: { width: 1366, height: 800 } } },
];

for (const { name, use } of VIEWPORTS) {
  test.describe(`redefinição de senha ${name}`, () => {
    test.use(use);

    test('esqueci minha senha → link do e-mail → nova senha → entrar com ela; o link não vale duas vezes', async ({ page, request }) => {
      const { account } = await registerByApi(request);
      await page.goto('/login');
      await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
      await expect(page.getByRole('heading', { name: 'Esqueci minha senha' })).toBeVisible();
      await accessible(page, 'Esqueci minha senha');
      await page.getByLabel('Email').fill(account.email);
      await page.getByRole('button', { name: 'Enviar link' }).click();
      await expect(page.getByRole('heading', { name: 'Confira seu e-mail' })).toBeVisible();
      await expect(page.getByRole('status')).toContainText(`Se existir uma conta com o e-mail ${account.email}, enviamos para ele um link`);
      await accessible(page, 'Confira seu e-mail');

      const mail = await inbox.next(account.email);
      expect(mail.subject).toBe('Redefinição de senha do Canalize');
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
      expect(link).toContain('/reset-password#token=');
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
      await expect(page.getByText(`Escolha uma nova senha para ${account.email}.`)).toBeVisible();
      await accessible(page, 'Redefinir senha');
      await page.getByLabel('Nova senha').fill('123');
      await page.getByRole('button', { name: 'Salvar nova senha' }).click();
      await expect(page.getByText('Senha deve ter no mínimo 6 caracteres')).toBeVisible();
      await page.getByLabel('Nova senha').fill('nova-senha-456');
      await page.getByRole('button', { name: 'Salvar nova senha' }).click();

      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('Senha redefinida! Entre com a nova senha.')).toBeVisible();
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Senha').fill('nova-senha-456');
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      await page.goto(link);
      await expect(page.getByRole('alert')).toHaveText('Este link de redefinição de senha já foi usado. Se precisar, peça um novo.');
      await accessible(page, 'link já usado');
      await page.getByRole('link', { name: 'Pedir um novo link' }).click();
      await expect(page.getByRole('heading', { name: 'Esqueci minha senha' })).toBeVisible();
    });
  });
}

test('um e-mail sem conta recebe a mesma resposta e nenhuma mensagem', async ({ page, request }) => {
  const email = `ninguem.${crypto.randomUUID().slice(0, 8)}@exemplo.com.br`;
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByRole('status')).toContainText(`Se existir uma conta com o e-mail ${email}, enviamos para ele um link`);
  // A request for an existing account made after it has had its message delivered: the first would have arrived too.
  const { account } = await registerByApi(request);
  expect((await request.post('/api/auth/password-reset/request', { data: { email: account.email } })).status()).toBe(202);
  await inbox.next(account.email);
  expect(inbox.messages.filter((message) => message.to.includes(email))).toEqual([]);
});

test('um servidor sem e-mail configurado manda falar com o administrador', async ({ page }) => {
  // The e2e server has SMTP: this answer is what a server without SMTP_URL gives (server/src/modules/auth/password-reset tests).
  await page.route('**/api/auth/password-reset', (route) => route.fulfill({ json: { success: true, data: { available: false } } }));
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Fale com o administrador' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    'Este servidor não está configurado para enviar e-mails, então a senha não pode ser redefinida por aqui. Peça ao administrador do Canalize para redefinir sua senha.',
  );
  await expect(page.getByRole('button', { name: 'Enviar link' })).toHaveCount(0);
});

test('um endereço sem link de redefinição diz o que fazer', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toHaveText('Este endereço não traz um link de redefinição de senha. Abra o link do e-mail inteiro ou peça um novo.');
  await page.goto('/reset-password#token=link-que-nao-existe');
  await expect(page.getByRole('alert')).toHaveText('Este link de redefinição de senha não é válido. Confira se ele foi copiado inteiro ou peça um novo.');
});
