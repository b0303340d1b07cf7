/**
 * Who did what in a team (docs/product.md#team): an agent joins by an invitation link and later leaves the team on
 * their own ("Sair da equipe"); the owner, signed in on a phone, sees the workspace's name in Equipe, and in
 * "Registro de atividades" the agent's joining and leaving in pt-BR with when and from where, filtered by action;
 * then deletes the workspace with the password: its bot and data go, the owner stays in an empty workspace whose
 * log tells the deletion.
 */
import { expect, test, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { signInThroughUi } from './test-support/ui.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

async function openTeam(page: Page) {
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await menu(page).getByRole('link', { name: 'Equipe' }).click();
}

test('o dono vê quem entrou e saiu da equipe no registro de atividades, e exclui a equipe', async ({ page, browser, request }) => {
  const { account: owner, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot Registro');
  await createBotByApi(request, session.tokens.accessToken, bot.token);
  const invited = await request.post('/api/team/invitations', { headers: { authorization: `Bearer ${session.tokens.accessToken}` }, data: { role: 'agent' } });
  expect(invited.status()).toBe(201);
  const { url } = (await invited.json()).data.invitation;

  // The agent, on a laptop, joins by the link, then leaves from Equipe.
  const { account: agentAccount } = await registerByApi(request);
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, baseURL: test.info().project.use.baseURL });
  const agent = await context.newPage();
  await signInThroughUi(agent, agentAccount);
  await agent.goto(url);
  await agent.getByRole('button', { name: 'Entrar na equipe' }).click();
  await expect(agent).toHaveURL(/\/chat$/);
  await menu(agent).getByRole('link', { name: 'Equipe' }).click();
  await expect(agent.getByRole('heading', { name: 'Registro de atividades' })).toHaveCount(0);
  await agent.getByRole('button', { name: 'Sair da equipe' }).click();
  await agent.getByRole('dialog', { name: 'Sair da equipe' }).getByRole('button', { name: 'Sair da equipe' }).click();
  await expect(toast(agent, 'Você saiu da equipe')).toBeVisible();
  await expect(menu(agent).getByRole('link', { name: 'Meus Bots' })).toBeVisible();
  await context.close();

  // The owner signs in on the phone: Equipe names the workspace and tells who did what.
  await signInThroughUi(page, owner);
  await openTeam(page);
  await expect(page.getByText(`Equipe de ${owner.name} · você é Proprietário`)).toBeVisible();
  const log = page.getByRole('list', { name: 'Atividades' });
  await expect(log.getByText(`${agentAccount.name} saiu da equipe`)).toBeVisible();
  await expect(log.getByText(`${agentAccount.name} entrou na equipe como atendente`)).toBeVisible();
  await expect(log.getByText(`${owner.name} adicionou o bot @${bot.username}`)).toBeVisible();
  await page.getByLabel('Ação', { exact: true }).selectOption({ label: 'Bots' });
  await expect(log.getByText(`${agentAccount.name} saiu da equipe`)).toHaveCount(0);
  await expect(log.getByText(`${owner.name} adicionou o bot @${bot.username}`)).toBeVisible();

  // The owner deletes the workspace: what goes is counted, the password confirms.
  await page.getByRole('button', { name: 'Excluir equipe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir a equipe?' });
  await expect(dialog.getByRole('list', { name: 'O que será excluído' })).toContainText('1 bot');
  await dialog.getByLabel('Digite sua senha para confirmar').fill(owner.password);
  await dialog.getByRole('button', { name: 'Excluir equipe' }).click();
  await expect(toast(page, 'Equipe excluída: os dados foram apagados e os membros removidos')).toBeVisible();
  await page.getByLabel('Ação', { exact: true }).selectOption({ label: 'Todas as ações' });
  await expect(log.getByRole('listitem')).toHaveCount(1);
  await expect(log.getByText(`${owner.name} excluiu a equipe e todos os seus dados`)).toBeVisible();
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await menu(page).getByRole('link', { name: 'Meus Bots' }).click();
  await expect(page.getByText(`@${bot.username}`)).toHaveCount(0);
});
