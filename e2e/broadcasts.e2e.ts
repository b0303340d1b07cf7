/**
 * Broadcasts on a phone (docs/product.md#screen-broadcasts, #screen-broadcast-form, #screen-broadcast-detail): an
 * operator creates a broadcast with an uploaded image and a row of buttons, sends it, watches the progress reach
 * 100 %, and the emulator's users receive it; a draft written offline reaches the server exactly once.
 */
import { expect, test, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { auth, capturePushes, expectEachAppliedOnce, expectPending, syncStatus } from './test-support/offline.ts';
import { signInThroughUi, waitForServiceWorker } from './test-support/ui.ts';
import { axeViolations } from './test-support/a11y.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

async function accountWithContacts(request: Parameters<typeof registerByApi>[0], names: string[]) {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot Disparos');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const users = [];
  for (const name of names) {
    const user = await emulator.createUser(name, 'Teste');
    await emulator.sendPrivateMessage(user.id, bot.token, '/start');
    users.push(user);
  }
  // The contacts exist on the server before the app pulls them.
  await expect(async () => {
    const response = await request.get(`/api/contacts/bot/${botId}`, { headers: auth(session.tokens.accessToken) });
    expect(((await response.json()) as { data: { contacts: unknown[] } }).data.contacts).toHaveLength(names.length);
  }).toPass({ timeout: 15_000 });
  return { account, accessToken: session.tokens.accessToken, bot, botId, users };
}

test('cria um disparo com imagem e botões, envia, acompanha até 100 % e os contatos recebem', async ({ page, request }) => {
  const { account, bot, users } = await accountWithContacts(request, ['Bia', 'Caio']);
  await signInThroughUi(page, account);
  await page.goto('/broadcasts');
  await expect(page.getByText('Nenhum disparo encontrado')).toBeVisible();
  await page.getByRole('link', { name: 'Novo disparo' }).click();
  await expect(page).toHaveURL(/\/broadcasts\/new$/);

  await page.getByLabel('Nome').fill('Promoção de sexta');
  await page.getByLabel('Tipo de mídia').selectOption('IMAGE');
  await page.getByLabel('Arquivo de mídia').setInputFiles({ name: 'oferta.png', mimeType: 'image/png', buffer: PNG });
  await expect(toast(page, 'Upload realizado com sucesso!').first()).toBeVisible();
  await expect(page.getByLabel('URL da mídia')).toHaveValue(/^\/api\/media\//);
  await page.getByLabel('Legenda').fill('Só hoje: <b>50% off</b> em <i>tudo</i>');
  await page.getByRole('button', { name: 'Adicionar linha de botões' }).click();
  await page.getByLabel('Texto do botão 1 da linha 1').fill('Ver ofertas');
  await expect(page.getByLabel('Tipo do botão 1 da linha 1').locator('option')).toHaveText(['Link', 'Ação no bot']);
  await expect(page.getByLabel('Valor do botão 1 da linha 1')).toHaveAttribute('placeholder', 'https://exemplo.com.br');
  await page.getByLabel('Valor do botão 1 da linha 1').fill('https://loja.exemplo.com/ofertas');
  await page.getByRole('button', { name: 'Adicionar botão' }).click();
  await page.getByLabel('Texto do botão 2 da linha 1').fill('Quero');
  await page.getByLabel('Tipo do botão 2 da linha 1').selectOption('callback');
  await page.getByLabel('Valor do botão 2 da linha 1').fill('quero_oferta');
  await expect(page.getByTestId('audience-count')).toHaveText('Público: 2 contatos');

  await page.getByRole('button', { name: 'Pré-visualizar' }).click();
  const preview = page.getByRole('region', { name: 'Pré-visualização do disparo' });
  await expect(preview.locator('img')).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('50% off');
  await expect(preview.getByTestId('preview-button-row')).toHaveCount(1);

  const since = await emulator.mark();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Disparo criado com sucesso!').first()).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Enviar disparo' });
  await expect(dialog).toContainText('Será enviado para 2 contatos. Deseja enviar este disparo agora?');
  await expect(dialog.getByRole('button', { name: 'Manter como rascunho' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Enviar agora' }).click();
  await expect(toast(page, 'Disparo iniciado! Acompanhe o progresso.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/broadcasts\/[0-9a-f-]{36}$/);

  await expect(page.getByRole('progressbar', { name: 'Progresso do envio' })).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(page.getByTestId('broadcast-percentage')).toHaveText('100%');
  await expect(page.getByTestId('broadcast-status')).toHaveText('Concluído');
  await expect(page.getByRole('list', { name: 'Resultado por destinatário' }).getByText('Enviado')).toHaveCount(2);

  for (const user of users) {
    const sent = await emulator.waitForSentMessage({ token: bot.token, chatId: user.id, since, method: 'sendPhoto' });
    expect(sent.caption).toBe('Só hoje: 50% off em tudo');
    expect(sent.reply_markup?.inline_keyboard).toEqual([
      [
        { text: 'Ver ofertas', url: 'https://loja.exemplo.com/ofertas' },
        { text: 'Quero', callback_data: 'quero_oferta' },
      ],
    ]);
    expect(await emulator.sentMessages(bot.token, user.id).then((all) => all.filter((message) => message.messageId >= sent.messageId))).toHaveLength(1);
  }

  await page.goto('/broadcasts');
  const card = page.getByRole('listitem', { name: 'Promoção de sexta' });
  await expect(card.getByTestId('broadcast-status')).toHaveText('Concluído');
  await expect(card).toContainText('2 / 2');
});

test('um rascunho escrito sem rede aparece na lista e chega ao servidor uma única vez', async ({ page, context, request }) => {
  const { account, accessToken } = await accountWithContacts(request, ['Duda']);
  await signInThroughUi(page, account);
  await waitForServiceWorker(page);
  await page.goto('/broadcasts');
  await expect(page.getByText('Nenhum disparo encontrado')).toBeVisible();
  await expect(syncStatus(page)).toContainText('Online');
  const sent = capturePushes(context);

  await context.setOffline(true);
  await page.reload();
  await expect(syncStatus(page)).toContainText('Offline');
  await page.getByRole('link', { name: 'Novo disparo' }).click();
  await page.getByLabel('Nome').fill('Rascunho no avião');
  await page.getByLabel('Mensagem').fill('Escrito <b>sem rede</b>');
  await expect(page.getByLabel('Enviar em')).toBeDisabled();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Será enviado quando a conexão voltar.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/broadcasts$/);
  const card = page.getByRole('listitem', { name: 'Rascunho no avião' });
  await expect(card).toContainText('Aguardando sincronização');
  await expect(card.getByRole('button', { name: 'Editar' })).toBeVisible();
  await expectPending(page, 1);

  await page.reload();
  await expect(card).toBeVisible();
  expect(sent).toHaveLength(0);

  await context.setOffline(false);
  await expectPending(page, 0);
  await expect(card.getByTestId('broadcast-status')).toHaveText('Rascunho');
  await expect(card).not.toContainText('Aguardando sincronização');
  const list = await request.get('/api/broadcasts', { headers: auth(accessToken) });
  const broadcasts = ((await list.json()) as { data: { broadcasts: { name: string; status: string; message: string }[] } }).data.broadcasts;
  expect(broadcasts).toEqual([expect.objectContaining({ name: 'Rascunho no avião', status: 'DRAFT', message: 'Escrito <b>sem rede</b>' })]);
  await expectEachAppliedOnce(request, accessToken, sent, ['broadcast.create']);
});

test('antes do envio a lista mostra quem vai receber; enviar diz para quantos; cancelar tem botões que dizem o que fazem', async ({ page, request }) => {
  const { account, accessToken, botId } = await accountWithContacts(request, ['Eli']);
  const create = async (name: string, extra: Record<string, unknown> = {}) => {
    const response = await request.post('/api/broadcasts', { headers: auth(accessToken), data: { name, botId, message: 'Oi', ...extra } });
    expect(response.status()).toBe(201);
  };
  await create('Agendado de domingo', { scheduledFor: new Date(Date.now() + 24 * 3600_000).toISOString() });
  await create('Rascunho de segunda');
  await signInThroughUi(page, account);

  await page.goto('/broadcasts/new');
  await expect(page.getByText('Em branco: ao salvar, você escolhe entre enviar agora ou manter como rascunho.')).toBeVisible();
  await page.goto('/broadcasts');
  const scheduled = page.getByRole('listitem', { name: 'Agendado de domingo' });
  await expect(scheduled.getByTestId('broadcast-status')).toHaveText('Agendado');
  await expect(scheduled.getByTestId('broadcast-audience')).toHaveText('Vai para 1 contato');
  await expect(scheduled).not.toContainText('0 / 0');

  const draft = page.getByRole('listitem', { name: 'Rascunho de segunda' });
  await draft.getByRole('button', { name: 'Enviar agora' }).click();
  const send = page.getByRole('dialog', { name: 'Enviar disparo' });
  await expect(send).toContainText('Será enviado para 1 contato. Deseja enviar este disparo agora?');
  await send.getByRole('button', { name: 'Agora não' }).click();
  await expect(draft.getByTestId('broadcast-status')).toHaveText('Rascunho');

  await scheduled.getByRole('button', { name: 'Cancelar' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancelar disparo' });
  expect(await axeViolations(page)).toEqual([]);
  await cancel.getByRole('button', { name: 'Manter agendamento' }).click();
  await expect(cancel).toBeHidden();
  await expect(scheduled.getByTestId('broadcast-status')).toHaveText('Agendado');
  await scheduled.getByRole('button', { name: 'Cancelar' }).click();
  await cancel.getByRole('button', { name: 'Cancelar disparo' }).click();
  await expect(toast(page, 'Disparo cancelado com sucesso').first()).toBeVisible();
  await expect(scheduled.getByTestId('broadcast-status')).toHaveText('Cancelado');
});
