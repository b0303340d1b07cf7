/**
 * Web push in the browser (docs/decisions.md#web-push). The 'Notificações' switch asks the permission from the
 * click, subscribes with the server's public key (pushManager stubbed: no push service here) and registers the
 * subscription; switching off removes it. A push as the server sends it becomes a pt-BR notification, pushes of one
 * conversation replace each other, and a click on it opens /chat on that conversation.
 */
import { expect, test, type APIRequestContext, type Page } from './test-support/test.ts';
import { conversationPath, conversationTag } from '../shared/push/message.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { pushDelivery, stubPushManager, subscribedKey } from './test-support/push.ts';
import { signInThroughUi, waitForServiceWorker } from './test-support/ui.ts';

const toggle = (page: Page) => page.getByRole('switch', { name: 'Notificações' });
const stateText = (page: Page) => page.locator('#notificacoes-estado');
const toast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /Notificações/ }).getByText(text);

test('o interruptor Notificações pede a permissão no clique, inscreve este aparelho e desinscreve', async ({ page, context, request }) => {
  const { account, session } = await registerByApi(request);
  const endpoint = `http://127.0.0.1:9/push/e2e-${crypto.randomUUID()}`;
  await stubPushManager(context, endpoint);
  await context.grantPermissions(['notifications']);
  await signInThroughUi(page, account);
  await waitForServiceWorker(page);

  await expect(stateText(page)).toHaveText('Notificações: desativadas');
  await expect(toggle(page)).toHaveAttribute('aria-checked', 'false');
  const subscribed = page.waitForResponse((response) => response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'POST');
  await toggle(page).click();
  expect((await subscribed).status()).toBe(201);
  expect(JSON.parse((await subscribed).request().postData() ?? '{}')).toMatchObject({ endpoint, keys: { auth: 'A'.repeat(22) } });
  await expect(toggle(page)).toHaveAttribute('aria-checked', 'true');
  await expect(stateText(page)).toHaveText('Notificações: ativadas');
  await expect(toast(page, 'Notificações ativadas neste aparelho.')).toBeVisible();
  // Subscribed with the server's own key.
  const key = await request.get('/api/push/public-key', { headers: { Authorization: `Bearer ${session.tokens.accessToken}` } });
  expect(await subscribedKey(page)).toBe(((await key.json()) as { data: { publicKey: string } }).data.publicKey);

  await page.reload();
  await expect(stateText(page)).toHaveText('Notificações: ativadas');

  const removed = page.waitForResponse((response) => response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'DELETE');
  await toggle(page).click();
  expect(await (await removed).json()).toMatchObject({ success: true, data: { removed: true } });
  await expect(stateText(page)).toHaveText('Notificações: desativadas');
  await expect(toggle(page)).toHaveAttribute('aria-checked', 'false');
});

test('sem permissão do navegador, o estado diz bloqueadas e o clique explica', async ({ page, context, request }) => {
  const { account } = await registerByApi(request);
  await stubPushManager(context, `http://127.0.0.1:9/push/e2e-${crypto.randomUUID()}`);
  await signInThroughUi(page, account);
  await waitForServiceWorker(page);
  await page.evaluate(() => Object.defineProperty(Notification, 'permission', { get: () => 'denied' }));
  await page.evaluate(() => (Notification.requestPermission = async () => 'denied'));
  await toggle(page).click();
  await expect(stateText(page)).toHaveText('Notificações: bloqueadas pelo navegador');
  await expect(toast(page, /bloqueadas pelo navegador/)).toBeVisible();
});

test('um push vira notificação em pt-BR, pushes da mesma conversa se substituem, e o clique abre a conversa', async ({ page, context, request }) => {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot Avisos');
  await createBotByApi(request, session.tokens.accessToken, bot.token);
  const ana = await emulator.createUser('Ana', 'Lima');
  await emulator.sendPrivateMessage(ana.id, bot.token, 'Oi, tudo bem?');
  const contactId = await firstConversation(request, session.tokens.accessToken);
  await context.grantPermissions(['notifications']);
  await signInThroughUi(page, account);
  await waitForServiceWorker(page);
  const push = await pushDelivery(context, page);

  // As the server sends it (engines/push-delivery/sender.ts): the contact's name, a preview, the conversation's link and tag.
  const fromServer = (body: string) => ({ title: 'Nova mensagem de Ana Lima', body, url: conversationPath(contactId), tag: conversationTag(contactId) });
  await push.deliverUntilShown(fromServer('Oi, tudo bem?'), (list) => list.some((n) => n.body === 'Oi, tudo bem?'));
  await expect.poll(push.shown).toEqual([{ ...fromServer('Oi, tudo bem?'), lang: 'pt-BR' }]);
  await push.deliverUntilShown({ ...fromServer('Está aí?'), title: '2 novas mensagens de Ana Lima' }, (list) => list.some((n) => n.body === 'Está aí?'));
  await expect.poll(push.shown).toEqual([{ ...fromServer('Está aí?'), title: '2 novas mensagens de Ana Lima', lang: 'pt-BR' }]);
  await push.deliverUntilShown({ body: 'Sem título', url: 'https://malicioso.example/', tag: 'aviso' }, (list) => list.some((n) => n.tag === 'aviso'));
  await expect.poll(async () => (await push.shown()).find((n) => n.tag === 'aviso')).toEqual({ title: 'Canalize', body: 'Sem título', tag: 'aviso', lang: 'pt-BR', url: '/' });

  // A click on the conversation's notification: the worker's notificationclick handler takes the open window there.
  // (No browser API clicks a system notification; the event is dispatched in the worker with the real notification.)
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  await worker.evaluate(async (tag) => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
    const ClickEvent = Reflect.get(self, 'NotificationEvent') as new (type: string, init: { notification: Notification }) => Event;
    const [notification] = await scope.registration.getNotifications({ tag });
    if (!notification) throw new Error(`no notification ${tag}`);
    scope.dispatchEvent(new ClickEvent('notificationclick', { notification }));
  }, conversationTag(contactId));
  await expect(page).toHaveURL(new RegExp(`/chat\\?contato=${contactId}$`));
  await expect(page.getByRole('list', { name: 'Mensagens', exact: true })).toContainText('Oi, tudo bem?');
  await expect.poll(async () => (await push.shown()).map((n) => n.tag)).toEqual(['aviso']);
});

/** The contact id of the account's first conversation, once the server has stored it. */
async function firstConversation(request: APIRequestContext, token: string): Promise<string> {
  for (let tries = 0; tries < 100; tries += 1) {
    const response = await request.get('/api/messages/conversations', { headers: { Authorization: `Bearer ${token}` } });
    const contactId = ((await response.json()) as { data: { conversations: Array<{ contactId: string }> } }).data.conversations[0]?.contactId;
    if (contactId) return contactId;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no conversation');
}
