import { expect, test, type APIRequestContext, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { signInThroughUi } from './test-support/ui.ts';


/** A new account whose bot administers one supergroup, signed in on that group's welcome form. */
async function openGroupWelcome(page: Page, request: APIRequestContext, groupTitle: string) {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot(`Bot ${groupTitle}`);
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const owner = await emulator.createUser('Dona');
  const group = await emulator.createChat('supergroup', groupTitle, owner.id);
  await emulator.promoteBot(group.id, bot.token);
  await signInThroughUi(page, account);
  await page.goto(`/bots/${botId}`);
  const channels = page.getByRole('list', { name: 'Canais do bot' });
  // The bot learns its chat from my_chat_member as it polls; Sincronizar shows what it knows by then.
  await expect(async () => {
    await page.getByRole('button', { name: 'Sincronizar' }).click();
    await expect(channels.getByRole('link')).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await channels.getByRole('link', { name: new RegExp(groupTitle) }).click();
  await expect(page.getByRole('heading', { name: groupTitle })).toBeVisible();
  return { session, botId };
}

test('sincroniza grupos e canais e envia a boas-vindas configurada a quem entra', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot Recepção');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const owner = await emulator.createUser('Carla', 'Dona');
  const group = await emulator.createChat('supergroup', 'Grupo E2E', owner.id);
  const channel = await emulator.createChat('channel', 'Canal E2E', owner.id);
  await emulator.promoteBot(group.id, bot.token);
  await emulator.promoteBot(channel.id, bot.token);
  await signInThroughUi(page, account);

  await page.goto(`/bots/${botId}`);
  const channels = page.getByRole('list', { name: 'Canais do bot' });
  // The bot learns its chats from my_chat_member updates as it polls; Sincronizar shows what it knows by then.
  await expect(async () => {
    await page.getByRole('button', { name: 'Sincronizar' }).click();
    await expect(page.getByText('Canais sincronizados com sucesso!').first()).toBeVisible({ timeout: 2_000 });
    await expect(channels.getByRole('link')).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(channels.getByRole('link', { name: /Grupo E2E\s*Supergrupo · ID: -?\d+/ })).toBeVisible();
  await expect(channels.getByRole('link', { name: /Canal E2E\s*Canal · ID: -?\d+/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mensagens de boas-vindas' })).toBeEnabled();

  await channels.getByRole('link', { name: /Grupo E2E/ }).click();
  await expect(page).toHaveURL(/\/channels\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Canal' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Grupo E2E' })).toBeVisible();

  const master = page.getByRole('switch', { name: 'Mensagem de boas-vindas' });
  await expect(master).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('Desativada', { exact: true })).toBeVisible();
  await master.click();
  await expect(master).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Ativa e funcionando')).toBeVisible();

  await expect(page.getByRole('radio', { name: /Ao entrar/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Aprovar automaticamente/ })).toBeHidden();
  await page.getByRole('radio', { name: /Ao aprovar/ }).check();
  await expect(page.getByRole('checkbox', { name: /Aprovar automaticamente/ })).toBeChecked();
  await page.getByRole('radio', { name: /Ao entrar/ }).check();
  await expect(page.getByRole('checkbox', { name: /Aprovar automaticamente/ })).toBeHidden();
  await expect(page.getByRole('checkbox', { name: /Tenta DM, senão envia no grupo/ })).not.toBeChecked();

  const message = page.getByRole('textbox', { name: 'Mensagem', exact: true });
  await message.fill('Olá , bem-vindo ao <b>{channel}</b>!');
  await message.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(4, 4));
  await page.getByRole('group', { name: 'Inserir variável' }).getByRole('button', { name: '{firstName}' }).click();
  await expect(message).toHaveValue('Olá {firstName}, bem-vindo ao <b>{channel}</b>!');

  await page.getByRole('button', { name: 'Adicionar botão' }).click();
  const row = page.getByRole('group', { name: 'Botão 1' });
  await row.getByLabel('Texto').fill('Visite o site');
  await row.getByLabel('Valor').fill('https://exemplo.com.br/boas-vindas');
  await expect(row.getByText('Tipo: Link')).toBeVisible();

  const preview = page.getByRole('region', { name: 'Pré-visualização da mensagem' });
  await expect(preview.getByText('Olá João, bem-vindo ao Meu Canal!')).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('Meu Canal');
  await expect(preview.getByRole('list', { name: 'Botões da mensagem' })).toHaveText('Visite o site');
  await expect(page.getByRole('complementary', { name: 'Dica' }).getByRole('link', { name: 'Fluxos' })).toHaveAttribute('href', '/flows');

  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Mensagem de boas-vindas salva com sucesso!')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Mensagem', exact: true })).toHaveValue('Olá {firstName}, bem-vindo ao <b>{channel}</b>!');
  await expect(page.getByRole('switch', { name: 'Mensagem de boas-vindas' })).toHaveAttribute('aria-checked', 'true');

  // A Telegram user joins the group: the bot greets them with the rendered message and the url button.
  const member = await emulator.createUser('Ana', 'Souza');
  await emulator.joinChat(member.id, group.id);
  const sent = await emulator.waitForSentMessage({ token: bot.token, chatId: group.id });
  expect(sent.text).toBe('Olá Ana, bem-vindo ao Grupo E2E!');
  expect(sent.parse_mode).toBe('HTML');
  expect(sent.entities).toEqual([expect.objectContaining({ type: 'bold', offset: 22, length: 9 })]);
  expect(sent.reply_markup?.inline_keyboard).toEqual([[{ text: 'Visite o site', url: 'https://exemplo.com.br/boas-vindas' }]]);
});

test.describe('no celular', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('Salvar fica ao alcance sem rolar até o fim e avisa alterações não salvas', async ({ page, request }) => {
    await openGroupWelcome(page, request, 'Grupo Celular');

    const save = page.getByRole('button', { name: 'Salvar', exact: true });
    await expect(save).toBeInViewport();
    await page.getByRole('switch', { name: 'Mensagem de boas-vindas' }).tap();
    await expect(page.getByText('Alterações não salvas')).toBeInViewport();
    await page.getByRole('textbox', { name: 'Mensagem', exact: true }).fill('Oi {firstName}!');
    await expect(save).toBeInViewport();
    await save.tap();
    await expect(page.getByText('Alterações não salvas')).toBeHidden();
  });
});

test('um botão de ação mostra o fluxo que o responde, ou cria esse fluxo', async ({ page, request }) => {
  const { session } = await openGroupWelcome(page, request, 'Grupo Botões');
  const channelUrl = page.url();

  await page.getByRole('textbox', { name: 'Mensagem', exact: true }).fill('Bem-vindo!');
  await page.getByRole('button', { name: 'Adicionar botão' }).click();
  const row = page.getByRole('group', { name: 'Botão 1' });
  await row.getByLabel('Texto').fill('Saber mais');
  await row.getByLabel('Valor').fill('saber_mais');
  await expect(row.getByText('Tipo: Ação no bot')).toBeVisible();
  await expect(row.getByText('Nenhum fluxo responde a este botão.')).toBeVisible();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Mensagem de boas-vindas salva com sucesso!')).toBeVisible();

  await row.getByRole('button', { name: 'Criar fluxo para este botão' }).click();
  await expect(page).toHaveURL(/\/flows\/[0-9a-f-]{36}\/edit$/);
  const flowId = /\/flows\/([0-9a-f-]{36})\/edit/.exec(page.url())?.[1] ?? '';
  const stored = await request.get(`/api/flows/${flowId}`, { headers: { Authorization: `Bearer ${session.tokens.accessToken}` } });
  const flow = ((await stored.json()) as { data: { flow: { name: string; nodes: { subType: string; config: { buttonData?: string } }[] } } }).data.flow;
  expect(flow.name).toBe('Botão "Saber mais"');
  expect(flow.nodes).toEqual([expect.objectContaining({ subType: 'trigger_button_clicked', config: expect.objectContaining({ buttonData: 'saber_mais' }) })]);

  await page.goto(channelUrl);
  await expect(page.getByRole('group', { name: 'Botão 1' }).getByText('Respondido pelo fluxo')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Botão 1' }).getByRole('link', { name: 'Botão "Saber mais"' })).toHaveAttribute('href', `/flows/${flowId}/edit`);
});
