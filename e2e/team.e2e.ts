/**
 * A team (docs/product.md#team): the owner, on a phone, invites an agent from Equipe and copies the link; the agent,
 * on a laptop of their own, opens it, creates an account and joins; they see only Contatos, Chat, Equipe and Minha conta,
 * answer the owner's conversation, which reaches Telegram, and are offered no contact's data export or erasure. The owner removes them: the agent's open console is told at once and
 * moves to the agent's own workspace, where nothing of the owner's is left.
 */
import { collectCspViolations, expect, test, type Browser, type Page } from './test-support/test.ts';
import { createBotByApi, newAccount, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { joinThroughInvitation, signInThroughUi } from './test-support/ui.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

async function laptop(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, baseURL: test.info().project.use.baseURL });
  return { context, violations: await collectCspViolations(context), page: await context.newPage() };
}

test('o dono convida um atendente, que responde a conversa; removido, o atendente perde o acesso na hora', async ({ page, browser, request }) => {
  const { account: owner, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot Equipe');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const carla = await emulator.createUser('Carla', 'Equipe');
  await emulator.sendPrivateMessage(carla.id, bot.token, 'Oi, quero ajuda');

  // The owner invites an agent from the phone.
  await signInThroughUi(page, owner);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await menu(page).getByRole('link', { name: 'Equipe' }).click();
  await page.getByLabel('Papel', { exact: true }).selectOption('agent');
  await page.getByRole('button', { name: 'Gerar convite' }).click();
  const link = await page.getByLabel('Link do convite (Atendente)').inputValue();
  expect(link).toMatch(/\/convite\/[\w-]{40,}$/);

  // The agent opens the link on a laptop, creates an account, and joins.
  const agent = await laptop(browser);
  const person = newAccount();
  await agent.page.goto(link);
  await expect(agent.page.getByText(/como Atendente/)).toBeVisible();
  await joinThroughInvitation(agent.page, link, person);
  await expect(menu(agent.page).getByRole('link')).toHaveText(['Contatos', 'Chat', 'Equipe', 'Minha conta']);

  // The agent answers the owner's conversation.
  await agent.page.getByRole('list', { name: 'Conversas' }).getByRole('button', { name: /Carla Equipe/ }).click();
  const since = await emulator.mark();
  await agent.page.getByLabel('Mensagem').fill('Olá Carla, sou da equipe');
  await agent.page.getByRole('button', { name: 'Enviar' }).click();
  expect((await emulator.waitForSentMessage({ token: bot.token, chatId: carla.id, since })).text).toBe('Olá Carla, sou da equipe');

  // A contact's data on request (LGPD) is not the agent's: the contact's dialog offers no export or erasure.
  await agent.page.goto(`/contacts/${botId}`);
  await agent.page.getByRole('list', { name: 'Contatos' }).getByRole('button', { name: 'Editar Carla Equipe' }).click();
  const contact = agent.page.getByRole('dialog', { name: 'Editar contato' });
  await expect(contact.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Carla');
  await expect(contact.getByRole('region', { name: 'Dados pessoais (LGPD)' })).toHaveCount(0);
  await contact.getByRole('button', { name: 'Cancelar' }).click();

  // Pages outside the agent's areas are not opened.
  await agent.page.goto('/bots');
  await expect(agent.page).toHaveURL(/\/chat$/);

  // The owner removes the agent (with a confirmation); the agent's console is told at once and moves home.
  await page.reload();
  await page.getByRole('button', { name: `Remover ${person.name}` }).click();
  await page.getByRole('dialog', { name: 'Remover membro' }).getByRole('button', { name: 'Remover' }).click();
  await expect(toast(page, 'Membro removido')).toBeVisible();
  await expect(toast(agent.page, 'Você não faz mais parte desta equipe.')).toBeVisible();
  await expect(menu(agent.page).getByRole('link', { name: 'Meus Bots' })).toBeVisible();
  await agent.page.goto('/chat');
  await expect(agent.page.getByText('Nenhuma conversa ainda')).toBeVisible();
  expect(agent.violations, "the agent's page broke the Content-Security-Policy").toEqual([]);
  await agent.context.close();
});
