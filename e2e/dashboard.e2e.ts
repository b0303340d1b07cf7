/**
 * The dashboard's activity on a phone and a laptop: an operator whose bot received messages and a channel join
 * sees them in today's figures (days in the browser's time zone), switches 7/30/90 days, reads the "agora" cards
 * and opens the conversations from one; a new account sees zero states that say how to get data.
 */
import { expect, test, type APIRequestContext, type Page } from './test-support/test.ts';
import { axeViolations, expectFitsTheScreen } from './test-support/a11y.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { auth } from './test-support/offline.ts';
import { signInThroughUi } from './test-support/ui.ts';

type Activity = { series: { messagesReceived: number; channelJoins: number }[] };

/** A bot that received two private messages and whose channel one person joined, counted by the server. */
async function accountWithActivity(request: APIRequestContext) {
  const { account, session } = await registerByApi(request);
  const token = session.tokens.accessToken;
  const bot = await emulator.createBot('Bot Painel');
  const botId = await createBotByApi(request, token, bot.token);
  const owner = await emulator.createUser('Rita', 'Dona');
  const channel = await emulator.createChat('channel', 'Canal Painel', owner.id);
  await emulator.promoteBot(channel.id, bot.token);
  await expect(async () => {
    const response = await request.get(`/api/bots/${botId}/channels`, { headers: auth(token) });
    expect(((await response.json()) as { data: { channels: unknown[] } }).data.channels).toHaveLength(1);
  }).toPass({ timeout: 20_000 });
  const ana = await emulator.createUser('Ana');
  await emulator.sendPrivateMessage(ana.id, bot.token, 'Oi, quero saber mais');
  await emulator.sendPrivateMessage(ana.id, bot.token, 'Ainda está disponível?');
  await emulator.joinChat(ana.id, channel.id);
  await expect(async () => {
    const response = await request.get('/api/dashboard/activity?days=7&tz=America/Sao_Paulo', { headers: auth(token) });
    const today = ((await response.json()) as { data: { activity: Activity } }).data.activity.series.at(-1);
    expect(today).toMatchObject({ messagesReceived: 2, channelJoins: 1 });
  }).toPass({ timeout: 20_000 });
  return account;
}

const chartCard = (page: Page, title: string) => page.getByRole('figure', { name: title, exact: true });
/** The chart's figures as screen readers read them: the rows of its table (one per day). */
const dayRows = (page: Page, title: string) => chartCard(page, title).getByRole('table').locator('tbody tr');

async function switchesPeriodsAndShowsTodaysActivity(page: Page) {
  const activity = page.getByRole('region', { name: 'Atividade' });
  await expect(activity.getByRole('radio', { name: '7 dias' })).toBeChecked();
  const messages = chartCard(page, 'Mensagens');
  await expect(messages.getByText('Recebidas:')).toBeVisible();
  await expect(messages.locator('dd').first()).toHaveText('2');
  await expect(dayRows(page, 'Mensagens')).toHaveCount(7);
  const today = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: 'short', timeZone: 'America/Sao_Paulo' }).format(new Date());
  await expect(dayRows(page, 'Mensagens').last()).toHaveText(new RegExp(`^${today.replace('.', '\\.')}20$`));
  await expect(chartCard(page, 'Entradas e saídas dos canais').locator('dd').first()).toHaveText('1');
  await expect(messages.getByTestId('line-chart')).toHaveAttribute('data-drawn', 'true');

  await activity.getByText('30 dias').click();
  await expect(activity.getByRole('radio', { name: '30 dias' })).toBeChecked();
  await expect(dayRows(page, 'Mensagens')).toHaveCount(30);
  await activity.getByText('90 dias').click();
  await expect(dayRows(page, 'Mensagens')).toHaveCount(90);
  await expect(messages.locator('dd').first()).toHaveText('2');
  await activity.getByText('7 dias').click();
  await expect(dayRows(page, 'Mensagens')).toHaveCount(7);

  // Nothing sent through a funnel: its card says how to get entries.
  const funnels = chartCard(page, 'Entradas pelos funis');
  await expect(funnels.getByText(/Nenhuma entrada por funil no período/)).toBeVisible();
  await expect(funnels.getByRole('link', { name: 'Ver funis' })).toBeVisible();
}

for (const [device, viewport] of [['phone', { width: 390, height: 844 }], ['laptop', { width: 1366, height: 768 }]] as const) {
  test.describe(device, () => {
    test.use({ viewport, ...(device === 'phone' ? { isMobile: true, hasTouch: true } : {}) });

    test(`o painel mostra a atividade de hoje, alterna 7/30/90 dias e abre as conversas não lidas (${device})`, async ({ page, request }) => {
      const account = await accountWithActivity(request);
      await signInThroughUi(page, account);
      const now = page.getByRole('region', { name: 'Agora' });
      await expect(now.getByRole('link', { name: /Conversas não lidas/ })).toHaveText(/1$/);
      await expect(now.getByRole('link', { name: /Disparos enviando/ })).toHaveText(/0$/);
      await expect(now.getByRole('link', { name: /Eventos de pixel falhando/ })).toHaveText(/0$/);
      await switchesPeriodsAndShowsTodaysActivity(page);
      await expectFitsTheScreen(page);
      expect(await axeViolations(page)).toEqual([]);
      await now.getByRole('link', { name: /Conversas não lidas/ }).click();
      await expect(page).toHaveURL(/\/chat/);
    });
  });
}

test.describe('conta nova', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('sem bot, cada gráfico diz como conseguir dados e os números de agora são zero', async ({ page, request }) => {
    const { account } = await registerByApi(request);
    await signInThroughUi(page, account);
    await expect(page.getByRole('heading', { name: 'Primeiros passos' })).toBeVisible();
    await expect(chartCard(page, 'Mensagens').getByText('Conecte um bot para receber e enviar mensagens.')).toBeVisible();
    await expect(chartCard(page, 'Entradas e saídas dos canais').getByText(/Conecte um bot e torne-o administrador/)).toBeVisible();
    await expect(chartCard(page, 'Mensagens').getByRole('link', { name: 'Conectar um bot' })).toHaveAttribute('href', '/bots');
    await expect(page.getByRole('region', { name: 'Agora' }).getByRole('link', { name: /Conversas não lidas/ })).toHaveText(/0$/);
    await expectFitsTheScreen(page);
    // The sign-in toast fading out is half transparent: axe reads the screen once it is gone.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    expect(await axeViolations(page)).toEqual([]);
  });
});
