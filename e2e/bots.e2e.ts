import { expect, test, type Page } from './test-support/test.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { deactivateBot, signInThroughUi } from './test-support/ui.ts';

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);

test('cadastra um bot pelo token do BotFather e recusa um token inválido', async ({ page, request }) => {
  const { account } = await registerByApi(request);
  const bot = await emulator.createBot('Bot de Boas-vindas');
  await signInThroughUi(page, account);

  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Meus Bots' }).click();
  await expect(page.getByRole('button', { name: 'Adicionar Primeiro Bot' })).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar Bot', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar Bot' });
  await expect(dialog.getByText('@BotFather')).toBeVisible();

  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog.getByText('Token não pode ser vazio')).toBeVisible();

  // A malformed token is said under the field without asking Telegram; one Telegram does not know says so, once.
  await dialog.getByLabel('Token do bot').fill('nao-e-um-token');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog.getByText('Formato de token inválido: copie o token inteiro que o @BotFather enviou (ex.: 123456789:AAH…)')).toBeVisible();
  await dialog.getByLabel('Token do bot').fill('123456:token-que-nao-existe');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  const unknown = 'O Telegram não reconheceu este token. Confira no @BotFather se ele está completo e não foi revogado.';
  await expect(dialog.getByText(unknown)).toBeVisible();
  await expect(page.getByText(unknown)).toHaveCount(1);
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Token do bot').fill(bot.token);
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(toast(page, 'Bot adicionado com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article', { name: 'Bot de Boas-vindas' });
  await expect(card.getByText(`@${bot.username}`)).toBeVisible();
  await expect(card.getByText('Em nenhum grupo ou canal ainda')).toBeVisible();
  await expect(card.getByText('Ativo', { exact: true })).toBeVisible();

  // The dashboard reads the same lists: the new bot counts at once.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('link', { name: /Total de bots\s*1/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Bots ativos\s*1/ })).toBeVisible();
});

test('desativa o bot (persiste ao recarregar) e remove com confirmação', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot Temporário');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  await signInThroughUi(page, account);

  await page.goto(`/bots/${botId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Meus Bots' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bot Temporário' })).toBeVisible();
  // Voltar is not in the same row as Desativar.
  const back = await page.getByRole('link', { name: 'Voltar' }).boundingBox();
  const off = await page.getByRole('button', { name: 'Desativar' }).boundingBox();
  expect(Math.abs((back?.y ?? 0) - (off?.y ?? 0))).toBeGreaterThan(40);
  // The bot's Telegram id, not Canalize's internal key.
  await expect(page.getByText('ID do bot no Telegram')).toBeVisible();
  await expect(page.getByText(String(bot.id), { exact: true })).toBeVisible();
  await expect(page.getByText(botId)).toHaveCount(0);
  await expect(page.getByText('Nome de usuário')).toBeVisible();

  // Sincronizar shows it is working while Telegram is asked (slowed down here so the state can be seen).
  await page.route('**/api/bots/*/channels/sync', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  const sync = page.getByRole('button', { name: 'Sincronizar' });
  await sync.click();
  await expect(sync).toHaveAttribute('aria-busy', 'true');
  await expect(sync).toBeDisabled();
  await expect(toast(page, 'Canais sincronizados com sucesso!')).toBeVisible();
  await expect(sync).not.toHaveAttribute('aria-busy', 'true');
  await page.unroute('**/api/bots/*/channels/sync');
  // Without channels there is nothing to configure yet (docs/decisions.md#d-bots-channels).
  await expect(page.getByRole('button', { name: 'Mensagens de boas-vindas' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Fluxos de mensagens' })).toBeDisabled();
  await expect(page.getByText('como administrador')).toBeVisible();

  // Desativar asks first, naming what stops; Cancelar keeps the bot on.
  await page.getByRole('button', { name: 'Desativar' }).click();
  const question = page.getByRole('dialog', { name: 'Desativar bot' });
  await expect(question.getByText('Desativar \u2068Bot Temporário\u2069? O bot para de responder no Telegram: fluxos, boas-vindas e disparos deste bot param até você ativá-lo de novo.')).toBeVisible();
  await question.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Ativo', { exact: true })).toBeVisible();
  await deactivateBot(page);
  await expect(toast(page, 'Bot desativado com sucesso!')).toBeVisible();
  await expect(page.getByText('Inativo', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Inativo', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ativar' })).toBeVisible();

  await page.getByRole('link', { name: 'Ver Contatos' }).click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${botId}$`));
  await page.goBack();
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/bots$/);
  const card = page.getByRole('article', { name: 'Bot Temporário' });
  await expect(card.getByText('Inativo', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Remover' }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir bot' });
  await expect(confirm.getByText('Excluir Bot Temporário? O bot para de funcionar e vai para a Lixeira, onde fica 30 dias e pode ser restaurado.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Remover' }).click();
  await confirm.getByRole('button', { name: 'Mover para a Lixeira' }).click();
  await expect(toast(page, 'Bot movido para a Lixeira. Você pode restaurá-lo por 30 dias.')).toBeVisible();
  await expect(card).toBeHidden();
  await expect(page.getByRole('button', { name: 'Adicionar Primeiro Bot' })).toBeVisible();

  // A bot that is gone (or another user's) cannot be opened: the fixed toast, then back to the list.
  await page.goto(`/bots/${botId}`);
  await expect(toast(page, 'Erro ao carregar detalhes do bot')).toBeVisible();
  await expect(page).toHaveURL(/\/bots$/);
});

test('muda a velocidade de disparo do bot (1–1000 mensagens por segundo) e ela persiste', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot de Disparos');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  await signInThroughUi(page, account);

  await page.goto(`/bots/${botId}`);
  const rate = page.getByLabel('Velocidade de disparo (mensagens por segundo)');
  await expect(rate).toHaveValue('30');
  await expect(page.getByText(/O Telegram permite cerca de 30 mensagens por segundo; com os disparos pagos do Telegram \(paid broadcasts\), até 1000/)).toBeVisible();

  await rate.fill('1001');
  await page.getByRole('button', { name: 'Salvar velocidade' }).click();
  await expect(page.getByText('A velocidade deve ficar entre 1 e 1000 mensagens por segundo')).toBeVisible();

  await rate.fill('250');
  await page.getByRole('button', { name: 'Salvar velocidade' }).click();
  await expect(toast(page, 'Velocidade de disparo atualizada com sucesso!')).toBeVisible();
  await expect.poll(async () => {
    const answer = await request.get(`/api/bots/${botId}`, { headers: { authorization: `Bearer ${session.tokens.accessToken}` } });
    return ((await answer.json()) as { data: { bot: { broadcastRate: number } } }).data.bot.broadcastRate;
  }).toBe(250);
  await page.reload();
  await expect(page.getByLabel('Velocidade de disparo (mensagens por segundo)')).toHaveValue('250');
});
