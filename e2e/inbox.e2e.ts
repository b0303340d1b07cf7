/**
 * The inbox on a phone (docs/product.md#screen-chat): a Telegram user writes and the open /chat shows it live; the
 * operator opens the conversation (two panes, Voltar) and replies, and the emulator receives it; a reply written
 * offline shows as pending, survives a reload offline, and reaches Telegram exactly once when the network returns.
 */
import { expect, test, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { auth, expectPending, syncStatus } from './test-support/offline.ts';
import { signInThroughUi, waitForServiceWorker } from './test-support/ui.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);
const conversations = (page: Page) => page.getByRole('list', { name: 'Conversas' });
const messages = (page: Page) => page.getByRole('list', { name: 'Mensagens' });

test('uma mensagem chega ao vivo, a resposta chega ao Telegram, e a resposta offline é enviada uma vez', async ({ page, context, request }) => {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot Atendimento');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const carla = await emulator.createUser('Carla', 'Dias');
  await signInThroughUi(page, account);
  await waitForServiceWorker(page);
  await page.goto('/chat');
  await expect(page.getByText('Nenhuma conversa ainda')).toBeVisible();
  await expect(page.getByLabel('Não Lidas: 0')).toBeVisible();

  // Live: no reload, within a couple of seconds.
  await emulator.sendPrivateMessage(carla.id, bot.token, 'Oi, preciso de ajuda');
  const item = conversations(page).getByRole('button', { name: /Carla Dias/ });
  await expect(item).toContainText('Oi, preciso de ajuda', { timeout: 3_000 });
  await expect(item.getByLabel('1 não lida')).toBeVisible();

  // Phone: the chat replaces the list; opening it reads it.
  await item.click();
  await expect(conversations(page)).toBeHidden();
  await expect(messages(page)).toContainText('Oi, preciso de ajuda');
  const send = page.getByRole('button', { name: 'Enviar' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Mensagem').fill('   ');
  await expect(send).toBeDisabled();
  const since = await emulator.mark();
  await page.getByLabel('Mensagem').fill('Olá Carla, como posso ajudar?');
  await send.click();
  expect((await emulator.waitForSentMessage({ token: bot.token, chatId: carla.id, since })).text).toBe('Olá Carla, como posso ajudar?');
  await expect(toast(page, 'Mensagem enviada!').first()).toBeVisible();
  // The toast starts below the conversation's header: Voltar stays reachable while it shows.
  const back = await page.getByRole('button', { name: 'Voltar' }).boundingBox();
  const shown = await toast(page, 'Mensagem enviada!').first().boundingBox();
  expect(shown?.y ?? 0).toBeGreaterThanOrEqual((back?.y ?? Infinity) + (back?.height ?? 0));
  // The composer stays in view above the bottom of the screen.
  const box = await page.getByLabel('Mensagem').boundingBox();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(844);

  // Voltar returns to the list, now read.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(item).toBeVisible();
  await expect(item.getByLabel(/não lidas/)).toHaveCount(0);
  await expect(item).toContainText('Você: Olá Carla, como posso ajudar?');

  // Offline: pending, survives a reload, sent once when back online.
  await item.click();
  await context.setOffline(true);
  await expect(syncStatus(page)).toContainText('Offline');
  await page.getByLabel('Mensagem').fill('Resposta escrita sem rede');
  await send.click();
  const pending = messages(page).getByRole('listitem').filter({ hasText: 'Resposta escrita sem rede' });
  await expect(pending).toContainText('Pendente');
  await expectPending(page, 1);
  await page.reload();
  await expect(messages(page).getByRole('listitem').filter({ hasText: 'Resposta escrita sem rede' })).toContainText('Pendente');
  await expectPending(page, 1);

  const beforeOnline = await emulator.mark();
  await context.setOffline(false);
  expect((await emulator.waitForSentMessage({ token: bot.token, chatId: carla.id, since: beforeOnline })).text).toBe('Resposta escrita sem rede');
  await expectPending(page, 0);
  await expect(messages(page).getByRole('listitem').filter({ hasText: 'Resposta escrita sem rede' })).not.toContainText('Pendente');
  const sent = await emulator.sentMessages(bot.token, carla.id);
  expect(sent.filter((message) => message.text === 'Resposta escrita sem rede')).toHaveLength(1);

  const stats = await request.get(`/api/messages/stats?botId=${botId}`, { headers: auth(session.tokens.accessToken) });
  expect((await stats.json()).data.stats).toEqual({ total: 3, sent: 2, received: 1, unread: 0 });
});
