/**
 * The inbox shows what the bot did (docs/product.md#screen-chat): a flow's message with its buttons and who sent it,
 * the contact's press ("Tocou em: …") and join, a reply marked as typed by a person; search by message text, "Não
 * lidas", the unread count on Chat; "Abrir conversa" from a contact; contacts appearing live; on a phone the first
 * screen of /contacts shows a contact, not only statistics.
 */
import { expect, test, type Page } from './test-support/test.ts';
import { axeViolations } from './test-support/a11y.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { flowApi } from './test-support/flows.ts';
import { signInThroughUi } from './test-support/ui.ts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const LAPTOP = { viewport: { width: 1366, height: 768 } };

const conversations = (page: Page) => page.getByRole('list', { name: 'Conversas' });
const messages = (page: Page) => page.getByRole('list', { name: 'Mensagens' });

test.describe('no celular', () => {
  test.use(PHONE);

  test('a conversa mostra a mensagem do fluxo com botões, o toque, a entrada no canal e quem enviou cada mensagem', async ({ page, request }) => {
    const { account, session } = await registerByApi(request);
    const accessToken = session.tokens.accessToken;
    const bot = await emulator.createBot('Bot Vendas');
    const botId = await createBotByApi(request, accessToken, bot.token);
    const flows = flowApi(request, accessToken);
    const flowId = await flows.flow(botId, 'Menu');
    const trigger = await flows.node(flowId, 'trigger_command', { command: '/menu' }, { x: 0, y: 0 });
    const menu = await flows.node(flowId, 'send_buttons', {
      message: 'Escolha uma opção',
      buttons: [[{ text: 'Quero saber mais', type: 'callback', value: 'flow_pending' }], [{ text: 'Site', type: 'url', value: 'https://exemplo.com' }]],
    }, { x: 320, y: 0 });
    const answer = await flows.node(flowId, 'send_text', { message: 'Aqui está tudo sobre nós' }, { x: 640, y: 0 });
    await flows.connect(flowId, trigger, menu);
    await flows.connect(flowId, menu, answer, 'button_0_0');
    const lia = await emulator.createUser('Lia', 'Prado');
    const owner = await emulator.createUser('Dona');
    const channel = await emulator.createChat('channel', 'Canal VIP', owner.id);
    await emulator.promoteBot(channel.id, bot.token);

    await emulator.sendPrivateMessage(lia.id, bot.token, '/menu');
    const shown = await emulator.waitForSentMessage({ token: bot.token, chatId: lia.id });
    const since = await emulator.mark();
    await emulator.pressButton(lia.id, bot.token, shown.messageId, 'Quero saber mais');
    await emulator.waitForSentMessage({ token: bot.token, chatId: lia.id, since });
    await emulator.joinChat(lia.id, channel.id);

    await signInThroughUi(page, account);
    await page.goto('/chat');
    const item = conversations(page).getByRole('button', { name: /Lia Prado/ });
    await expect(item).toContainText('Entrou em Canal VIP');
    await item.click();
    const list = messages(page);
    await expect(list.getByText('Tocou em: Quero saber mais')).toBeVisible();
    await expect(list.getByText('Entrou em Canal VIP')).toBeVisible();
    const flowMessage = list.getByRole('listitem').filter({ hasText: 'Escolha uma opção' });
    await expect(flowMessage).toContainText('Enviada automaticamente por: Fluxo');
    const buttons = flowMessage.getByRole('list', { name: 'Botões' });
    await expect(buttons).toContainText('Quero saber mais');
    await expect(buttons.getByRole('link', { name: 'Site' })).toHaveAttribute('href', 'https://exemplo.com');

    await page.getByLabel('Mensagem').fill('Posso ajudar em algo mais?');
    await page.getByRole('button', { name: 'Enviar' }).click();
    const reply = list.getByRole('listitem').filter({ hasText: 'Posso ajudar em algo mais?' });
    await expect(reply).toContainText('Digitada por: Você');
    await expect(reply).not.toContainText('Pendente');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a primeira tela de contatos mostra um contato, e um contato novo aparece sem recarregar', async ({ page, request }) => {
    const { account, session } = await registerByApi(request);
    const bot = await emulator.createBot('Bot Contatos');
    await createBotByApi(request, session.tokens.accessToken, bot.token);
    const rita = await emulator.createUser('Rita');
    await emulator.sendPrivateMessage(rita.id, bot.token, 'oi');
    await signInThroughUi(page, account);
    await page.goto('/contacts');
    const cards = page.getByRole('list', { name: 'Contatos' });
    await expect(cards.getByRole('heading', { name: 'Rita' })).toBeInViewport();
    await expect(cards).toContainText('1 mensagem');
    await expect(cards).not.toContainText('1 mensagens');

    const novo = await emulator.createUser('Otávio');
    await emulator.sendPrivateMessage(novo.id, bot.token, 'cheguei');
    await expect(cards.getByRole('heading', { name: 'Otávio' })).toBeVisible({ timeout: 5_000 });
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('no notebook', () => {
  test.use(LAPTOP);

  test('busca por texto de mensagem, não lidas, o número no Chat e Abrir conversa a partir do contato', async ({ page, request }) => {
    const { account, session } = await registerByApi(request);
    const bot = await emulator.createBot('Bot Suporte');
    await createBotByApi(request, session.tokens.accessToken, bot.token);
    const ana = await emulator.createUser('Ana', 'Lima');
    const bruno = await emulator.createUser('Bruno', 'Reis');
    await emulator.sendPrivateMessage(ana.id, bot.token, 'Qual é o preço do plano anual?');
    await emulator.sendPrivateMessage(bruno.id, bot.token, 'Bom dia');
    await emulator.sendPrivateMessage(bruno.id, bot.token, 'Alguém aí?');

    await signInThroughUi(page, account);
    await page.goto('/chat');
    const chatLink = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: /Chat/ });
    await expect(chatLink).toHaveAccessibleName(/^Chat\s*\(3 mensagens não lidas\)$/);
    await expect(conversations(page).getByRole('button')).toHaveCount(2);

    const search = page.getByRole('searchbox', { name: 'Buscar conversas' });
    await search.fill('preco');
    await expect(conversations(page).getByRole('button')).toHaveCount(1);
    await expect(conversations(page).getByRole('button', { name: /Ana Lima/ })).toContainText('Qual é o preço do plano anual?');
    await search.fill('@' + bruno.username);
    await expect(conversations(page).getByRole('button')).toHaveCount(1);
    await expect(conversations(page).getByRole('button', { name: /Bruno Reis/ })).toBeVisible();
    await search.fill('');

    await conversations(page).getByRole('button', { name: /Ana Lima/ }).click();
    await expect(chatLink).toHaveAccessibleName(/^Chat\s*\(2 mensagens não lidas\)$/);
    await page.getByRole('button', { name: 'Não lidas', exact: true, pressed: false }).click();
    await expect(conversations(page).getByRole('button')).toHaveCount(1);
    await expect(conversations(page).getByRole('button', { name: /Bruno Reis/ })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/contacts');
    await page.getByRole('link', { name: 'Abrir conversa com Bruno Reis' }).click();
    await expect(page).toHaveURL(/\/chat\?contato=/);
    const pane = page.getByRole('region', { name: 'Conversa com Bruno Reis' });
    await expect(pane.getByRole('list', { name: 'Mensagens' })).toContainText('Alguém aí?');
    await expect(chatLink).not.toHaveAccessibleName(/não lidas/);
  });
});
