/**
 * Funnels on a phone (docs/product.md#screen-funnels, #rules-funnels, #toasts-funnels, #confirmations): an operator
 * whose bot administers a channel (with the right to invite users) reaches /funnels from the menu, creates a funnel
 * (the form's rule first) with a Meta pixel, copies the tracking script and the Telegram link from the success state and from the card
 * (read back from the clipboard), opens the metrics chart (7/30/90 days in the browser's time zone), switches the
 * funnel off and deletes it.
 */
import { expect, test, type APIRequestContext, type Page } from './test-support/test.ts';
import { axeViolations, expectFitsTheScreen } from './test-support/a11y.ts';
import { FUNNEL_TEXTS, FUNNEL_TOASTS } from '../shared/funnels/schemas.ts';
import { createBotByApi, registerByApi } from './test-support/accounts.ts';
import { emulator } from './test-support/emulator.ts';
import { flowApi } from './test-support/flows.ts';
import { auth } from './test-support/offline.ts';
import { signInThroughUi } from './test-support/ui.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** A bot that administers a private channel with can_invite_users, known to the server. */
async function accountWithChannel(request: APIRequestContext) {
  const { account, session } = await registerByApi(request);
  const bot = await emulator.createBot('Bot Funil');
  const botId = await createBotByApi(request, session.tokens.accessToken, bot.token);
  const owner = await emulator.createUser('Rita', 'Dona');
  const channel = await emulator.createChat('channel', 'Canal Lançamento', owner.id);
  await emulator.promoteBot(channel.id, bot.token);
  // The bot learns the chat from its my_chat_member update as it polls.
  await expect(async () => {
    await request.post(`/api/bots/${botId}/channels/sync`, { headers: auth(session.tokens.accessToken) });
    const response = await request.get(`/api/bots/${botId}/channels`, { headers: auth(session.tokens.accessToken) });
    expect(((await response.json()) as { data: { channels: unknown[] } }).data.channels).toHaveLength(1);
  }).toPass({ timeout: 20_000 });
  // A pixel to attach: the form's pixel select lists the user's pixels.
  const pixel = await request.post('/api/pixels', {
    data: { name: 'Loja', pixelId: '123456789012345', accessToken: 'EAABsbCS1iHgBAOZAtestTOKENvalue0123456789xyz' },
    headers: auth(session.tokens.accessToken),
  });
  expect(pixel.status()).toBe(201);
  return { account, botId, accessToken: session.tokens.accessToken };
}

test('cria um funil no celular, copia script e link, abre o gráfico de métricas, desativa e exclui', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The chart library is its own chunk, asked for only when the metrics modal draws the chart.
  const chartChunks: string[] = [];
  page.on('request', (sent) => {
    if (/\/assets\/uplot-chart-[\w-]+\.js$/.test(sent.url())) chartChunks.push(sent.url());
  });
  const { account, botId } = await accountWithChannel(request);
  await signInThroughUi(page, account);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Funis' }).click();
  await expect(page).toHaveURL(/\/funnels$/);
  await expect(page.getByText(FUNNEL_TEXTS.empty)).toBeVisible();
  await expectFitsTheScreen(page);

  await page.getByRole('button', { name: FUNNEL_TEXTS.emptyAction }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo funil' });
  await dialog.getByRole('button', { name: 'Criar funil' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(FUNNEL_TEXTS.requiredFields);
  await expect(dialog.getByLabel('Canal')).toBeDisabled();
  await dialog.getByLabel('Bot').selectOption(botId);
  await dialog.getByLabel('Canal').selectOption({ label: 'Canal Lançamento' });
  await dialog.getByLabel('Nome').fill('Lançamento de novembro');
  await dialog.getByLabel('URL da página de captura').fill('https://exemplo.com.br/lp');
  await expect(dialog.getByLabel('Pixel do Meta')).toHaveValue('');
  await dialog.getByLabel('Pixel do Meta').selectOption({ label: 'Loja (123456789012345)' });
  await dialog.getByRole('button', { name: 'Criar funil' }).click();
  await expect(toast(page, FUNNEL_TOASTS.created).first()).toBeVisible();

  const created = page.getByRole('dialog', { name: 'Funil criado' });
  const script = created.getByRole('region', { name: FUNNEL_TEXTS.scriptLabel }).locator('pre');
  const link = created.getByRole('region', { name: FUNNEL_TEXTS.linkLabel }).locator('pre');
  await expect(script).toHaveText(/^<script src="http:\/\/[^"]+\/api\/js\/[\w-]+\.js" async><\/script>$/);
  await expect(link).toHaveText(/^https:\/\/t\.me\/\+\S+$/);
  expect(await axeViolations(page)).toEqual([]);
  await expectFitsTheScreen(page);
  await created.getByRole('button', { name: 'Copiar script' }).click();
  await expect(toast(page, FUNNEL_TOASTS.copied).first()).toBeVisible();
  const scriptCode = await script.textContent();
  expect(await clipboard(page)).toBe(scriptCode ?? '');
  await created.getByRole('button', { name: 'Copiar link' }).click();
  const telegramLink = (await link.textContent()) ?? '';
  await expect.poll(() => clipboard(page)).toBe(telegramLink);
  await created.getByRole('button', { name: 'Concluir' }).click();

  const card = page.getByRole('listitem', { name: 'Lançamento de novembro' });
  await expect(card.getByTestId('funnel-status')).toHaveText(FUNNEL_TEXTS.active);
  await expect(card).toContainText('Bot Funil');
  await expect(card).toContainText('Canal Lançamento');
  await expect(card).toContainText('Pixel do MetaLoja');
  await expect(toast(page, FUNNEL_TOASTS.created)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await expect(card).not.toContainText(FUNNEL_TEXTS.publicChannelWarning);
  await expect(page.getByRole('region', { name: 'Totais de hoje' })).toContainText('Visualizações hoje0');
  await expectFitsTheScreen(page);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await card.getByRole('button', { name: 'Copiar script' }).click();
  await expect.poll(() => clipboard(page)).toBe(scriptCode ?? '');

  expect(chartChunks).toEqual([]);
  const metricsRequest = page.waitForRequest((sent) => sent.url().includes('/metrics?') && sent.url().includes('days=30') && sent.url().includes('tz=America%2FSao_Paulo'));
  await card.getByRole('button', { name: 'Métricas' }).click();
  await metricsRequest;
  const metrics = page.getByRole('dialog', { name: 'Métricas: Lançamento de novembro' });
  await expect(metrics.getByRole('button', { name: '30 dias' })).toHaveAttribute('aria-pressed', 'true');
  const chart = metrics.getByRole('figure', { name: 'Histórico diário (30 dias)' });
  await expect(chart.getByTestId('daily-chart')).toHaveAttribute('data-drawn', 'true');
  await expect(chart.locator('canvas')).toBeVisible();
  expect(chartChunks).toHaveLength(1);
  expect(await axeViolations(page)).toEqual([]);
  const todayLabel = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: 'short', timeZone: 'America/Sao_Paulo' }).format(new Date());
  await expect(chart.getByTestId('daily-history').locator('tbody tr').last().locator('th')).toHaveText(todayLabel);
  await expectFitsTheScreen(page);
  await metrics.getByRole('button', { name: '7 dias' }).click();
  await expect(metrics.getByRole('figure', { name: 'Histórico diário (7 dias)' })).toBeVisible();
  await expect(metrics.getByTestId('daily-history').locator('tbody tr')).toHaveCount(7);
  await metrics.getByRole('button', { name: 'Fechar' }).click();

  await card.getByRole('button', { name: 'Desativar' }).click();
  await expect(card.getByTestId('funnel-status')).toHaveText(FUNNEL_TEXTS.inactive);
  await expect(card.getByRole('button', { name: 'Ativar' })).toBeVisible();

  await card.getByRole('button', { name: 'Excluir' }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir funil' });
  await expect(confirm).toContainText(FUNNEL_TEXTS.confirmDelete('Lançamento de novembro'));
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, FUNNEL_TOASTS.deleted).first()).toBeVisible();
  await expect(page.getByText(FUNNEL_TEXTS.empty)).toBeVisible();
});

test('o card abre os contatos do funil, mostra a conversão, se atualiza ao vivo; o gatilho escolhe o funil pelo nome', async ({ page, request }) => {
  const { account, botId, accessToken } = await accountWithChannel(request);
  const headers = auth(accessToken);
  const channels = (await (await request.get(`/api/bots/${botId}/channels`, { headers })).json()) as { data: { channels: { id: string }[] } };
  const created = await request.post('/api/funnels', { headers, data: { botId, channelId: channels.data.channels[0]?.id, name: 'Lançamento de dezembro' } });
  const { funnel, telegramLink } = ((await created.json()) as { data: { funnel: { id: string; uuid: string }; telegramLink: string } }).data;
  const view = (visitId: string) =>
    request.post(`/api/t/${funnel.uuid}/pageview`, { headers: { 'content-type': 'text/plain;charset=UTF-8' }, data: JSON.stringify({ visitId, url: 'https://exemplo.com.br/lp' }) });
  const visitId = crypto.randomUUID();
  expect((await view(visitId)).status()).toBe(204);
  expect((await request.post(`/api/t/${funnel.uuid}/click`, { headers: { 'content-type': 'text/plain;charset=UTF-8' }, data: JSON.stringify({ visitId }) })).status()).toBe(200);
  const user = await emulator.createUser('Bia', 'Lima');
  await emulator.joinByLink(user.id, telegramLink);

  await signInThroughUi(page, account);
  await page.goto('/funnels');
  const card = page.getByRole('listitem', { name: 'Lançamento de dezembro' });
  const conversion = card.getByRole('region', { name: 'Conversão nos últimos 30 dias' });
  await expect(conversion.getByTestId('conversion-entries')).toHaveText('Entradas1100%');
  await expect(conversion.getByTestId('conversion-pageviews')).toHaveText('Visitas1');
  await expect(conversion.getByTestId('conversion-clicks')).toHaveText('Cliques1100%');
  await expectFitsTheScreen(page);

  // A visit on the landing page moves the card's figures while it is open, without a reload.
  expect((await view(crypto.randomUUID())).status()).toBe(204);
  await expect(conversion.getByTestId('conversion-pageviews')).toHaveText('Visitas2');
  await expect(conversion.getByTestId('conversion-clicks')).toHaveText('Cliques150%');

  await card.getByRole('link', { name: 'Ver contatos' }).click();
  await expect(page).toHaveURL(new RegExp(`/contacts\\?funnelId=${funnel.id}$`));
  const chip = page.getByRole('button', { name: 'Remover filtro Funil: Lançamento de dezembro' });
  await expect(chip).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Bia Lima');
  expect(await axeViolations(page)).toEqual([]);
  await chip.click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(chip).toHaveCount(0);

  // The "Contato do funil" trigger: the funnel is chosen by its name; the flow stores its id.
  const flowId = await flowApi(request, accessToken).flow(botId, 'Boas-vindas do funil');
  const trigger = await request.post('/api/flows/nodes', { headers, data: { flowId, type: 'trigger', subType: 'trigger_contact_from_funnel', config: { funnelId: '' }, position: { x: 40, y: 40 } } });
  expect(trigger.status()).toBe(201);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/flows/${flowId}/edit`);
  await page.locator('[data-testid="flow-node"][data-subtype="trigger_contact_from_funnel"]').click();
  const panel = page.getByRole('complementary', { name: 'Configuração do nó' });
  await panel.getByLabel('Funil').selectOption({ label: 'Lançamento de dezembro' });
  await panel.getByRole('button', { name: 'Salvar nó' }).click();
  await expect.poll(async () => {
    const detail = (await (await request.get(`/api/flows/${flowId}?includeNodes=true`, { headers })).json()) as { data: { flow: { nodes?: { config: { funnelId?: string } }[] } } };
    return detail.data.flow.nodes?.[0]?.config.funnelId;
  }).toBe(funnel.id);
});
