/**
 * A team's conversation (docs/product.md#screen-chat): the owner saves a quick reply in Respostas rápidas; an agent,
 * on a phone, types /ate in the reply box, inserts it with the contact's name filled in and sends it, then writes an
 * internal note, which Telegram never receives. The owner's open console, on a laptop, shows the note as a note
 * (Nota interna, its author) and the reply as sent by the agent.
 */
import { expect, test, type Browser, type Page } from './test-support/test.ts';
import { axeViolations } from './test-support/a11y.ts';
import { createBotByApi, newAccount, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { joinThroughInvitation, signInThroughUi } from './test-support/ui.ts';

test.use({ viewport: { width: 1366, height: 768 } });

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);

async function agentOnPhone(browser: Browser, link: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const person = newAccount();
  await joinThroughInvitation(page, link, person);
  return { context, page, name: person.name };
}

test('notas internas, respostas rápidas com / e quem enviou cada resposta', async ({ page, browser, request }) => {
  const { account: owner, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot Notas');
  await createBotByApi(request, session.tokens.accessToken, bot.token);
  const carla = await emulator.createUser('Carla', 'Souza');
  await emulator.sendPrivateMessage(carla.id, bot.token, 'Quero um orçamento');

  // The owner saves a quick reply.
  await signInThroughUi(page, owner);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Respostas rápidas' }).click();
  await page.getByRole('button', { name: 'Nova resposta' }).click();
  const form = page.getByRole('dialog', { name: 'Nova resposta rápida' });
  await form.getByLabel('Atalho').fill('atendimento');
  await form.getByLabel('Texto').fill('Olá {firstName}, em que posso ajudar?');
  await form.getByRole('button', { name: 'Criar' }).click();
  await expect(toast(page, 'Resposta rápida criada')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Respostas rápidas' }).getByText('/atendimento')).toBeVisible();

  // The owner keeps the conversation open while the agent works.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Chat' }).click();
  await page.getByRole('list', { name: 'Conversas' }).getByRole('button', { name: /Carla Souza/ }).click();
  const invited = await request.post('/api/team/invitations', { data: { role: 'agent' }, headers: { Authorization: `Bearer ${session.tokens.accessToken}` } });
  const { url } = ((await invited.json()) as { data: { invitation: { url: string } } }).data.invitation;

  // The agent inserts the quick reply with / on a phone and sends it.
  const agent = await agentOnPhone(browser, url);
  await agent.page.getByRole('list', { name: 'Conversas' }).getByRole('button', { name: /Carla Souza/ }).click();
  const box = agent.page.getByLabel('Mensagem');
  await box.fill('/ate');
  const picker = agent.page.getByRole('listbox', { name: 'Respostas rápidas' });
  await expect(picker.getByRole('option', { name: /\/atendimento/ })).toHaveAttribute('aria-selected', 'true');
  expect(await axeViolations(agent.page, 'form')).toEqual([]);
  await box.press('Enter');
  await expect(box).toHaveValue('Olá Carla, em que posso ajudar?');
  const since = await emulator.mark();
  await agent.page.getByRole('button', { name: 'Enviar' }).click();
  expect((await emulator.waitForSentMessage({ token: bot.token, chatId: carla.id, since })).text).toBe('Olá Carla, em que posso ajudar?');

  // Then an internal note: shown as a note, never sent to Telegram.
  await agent.page.getByRole('button', { name: 'Nota interna' }).click();
  await agent.page.getByLabel('Nota interna').fill('Cliente VIP: oferecer frete grátis');
  await agent.page.getByRole('button', { name: 'Salvar nota' }).click();
  const mine = agent.page.getByRole('article', { name: 'Nota interna' });
  await expect(mine).toContainText('Cliente VIP: oferecer frete grátis');
  await expect(mine).toContainText(agent.name);
  expect(await axeViolations(agent.page, 'main')).toEqual([]);

  // The owner's open console: the note as a note, with its author; the reply as sent by the agent.
  const note = page.getByRole('article', { name: 'Nota interna' });
  await expect(note).toContainText('Cliente VIP: oferecer frete grátis');
  await expect(note).toContainText(agent.name);
  await expect(page.getByRole('list', { name: 'Mensagens' }).getByText(`Enviada por ${agent.name}`)).toBeVisible();
  const sent = await emulator.sentMessages(bot.token, carla.id);
  expect(sent.map((message) => message.text)).not.toContain('Cliente VIP: oferecer frete grátis');
  await agent.context.close();
});
