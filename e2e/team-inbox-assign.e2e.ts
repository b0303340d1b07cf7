/**
 * The team inbox (docs/product.md#screen-chat): the owner, on a laptop, invites an agent, who joins on a phone; the
 * owner assigns a conversation to the agent, whose open console shows it under "Minhas" at once (with a toast); the
 * agent answers it, which reaches Telegram, and resolves it; the owner's open console shows the change live.
 */
import { collectCspViolations, expect, test, type Browser, type Page } from './test-support/test.ts';
import { createBotByApi, newAccount, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { joinThroughInvitation, signInThroughUi } from './test-support/ui.ts';

test.use({ viewport: { width: 1366, height: 768 } });

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);
const conversations = (page: Page) => page.getByRole('list', { name: 'Conversas' });

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, baseURL: test.info().project.use.baseURL });
  return { context, violations: await collectCspViolations(context), page: await context.newPage() };
}

test('o dono atribui uma conversa ao atendente, que a vê em "Minhas", responde e resolve; o dono vê ao vivo', async ({ page, browser, request }) => {
  const { account: owner, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot Atribuição');
  await createBotByApi(request, session.tokens.accessToken, bot.token);
  const carla = await emulator.createUser('Carla', 'Atribuída');
  await emulator.sendPrivateMessage(carla.id, bot.token, 'Oi, quero ajuda com meu pedido');

  // The owner invites an agent from Equipe on the laptop.
  await signInThroughUi(page, owner);
  await page.goto('/team');
  await page.getByLabel('Papel', { exact: true }).selectOption('agent');
  await page.getByRole('button', { name: 'Gerar convite' }).click();
  const link = await page.getByLabel('Link do convite (Atendente)').inputValue();

  // The agent joins on a phone and keeps the inbox open.
  const agent = await phone(browser);
  const person = newAccount();
  await joinThroughInvitation(agent.page, link, person);
  await agent.page.getByRole('group', { name: 'Responsável' }).getByRole('button', { name: 'Minhas' }).click();
  await expect(agent.page.getByText('Nenhuma conversa atribuída a você')).toBeVisible();

  // The owner opens the conversation, unassigned and open, and assigns it to the agent.
  await page.goto('/chat');
  await conversations(page).getByRole('button', { name: /Carla Atribuída/ }).click();
  const header = page.getByRole('region', { name: 'Conversa com Carla Atribuída' });
  await expect(header.getByLabel('Responsável')).toHaveValue('');
  await expect(header.getByLabel('Situação')).toHaveValue('OPEN');
  await header.getByLabel('Responsável').selectOption({ label: person.name });
  await expect(conversations(page).getByText(`Responsável: ${person.name}`)).toBeAttached();

  // The agent's open console shows it under "Minhas" at once, with a toast; the agent answers it.
  await expect(toast(agent.page, 'Conversa atribuída a você')).toBeVisible();
  await conversations(agent.page).getByRole('button', { name: /Carla Atribuída/ }).click();
  const since = await emulator.mark();
  await agent.page.getByLabel('Mensagem').fill('Olá Carla, vou cuidar do seu pedido');
  await agent.page.getByRole('button', { name: 'Enviar' }).click();
  expect((await emulator.waitForSentMessage({ token: bot.token, chatId: carla.id, since })).text).toBe('Olá Carla, vou cuidar do seu pedido');

  // The agent resolves it; the owner's open console follows without a reload.
  const agentHeader = agent.page.getByRole('region', { name: 'Conversa com Carla Atribuída' });
  await expect(agentHeader.getByLabel('Responsável')).toHaveValue(/.+/);
  await agentHeader.getByLabel('Situação').selectOption('RESOLVED');
  await expect(header.getByLabel('Situação')).toHaveValue('RESOLVED');
  await expect(conversations(page).getByText('Resolvida')).toBeVisible();

  // A new message from Carla reopens it, for both.
  await emulator.sendPrivateMessage(carla.id, bot.token, 'Ainda tenho uma dúvida');
  await expect(header.getByLabel('Situação')).toHaveValue('OPEN');
  await expect(agentHeader.getByLabel('Situação')).toHaveValue('OPEN');
  expect(agent.violations, "the agent's page broke the Content-Security-Policy").toEqual([]);
  await agent.context.close();
});
