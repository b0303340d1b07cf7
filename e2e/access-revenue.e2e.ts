/**
 * Paid access on a phone (docs/product.md#acessos), what it earned and what it gives back: a test purchase through
 * the generic webhook shows in "Receita por dia" on the plan's page and, summed with every plan, on "Planos de
 * acesso"; an access bought with Telegram Stars in the bot is refunded from its member page ("Reembolsar") and
 * becomes "Reembolsado".
 */
import { expect, test, type Page } from './test-support/test.ts';
import { axeViolations, expectFitsTheScreen } from './test-support/a11y.ts';
import { registerByApi } from './test-support/accounts.ts';
import { apiData, botInChannel } from './test-support/channels.ts';
import { emulator } from './test-support/emulator.ts';
import { signInThroughUi } from './test-support/ui.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);
const revenue = (page: Page) => page.getByRole('region', { name: 'Receita por dia' });

test('uma compra de teste aparece na receita por dia do plano e de todos os planos', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const token = session.tokens.accessToken;
  const { botId, channelId } = await botInChannel(request, token, { bot: 'Bot Receita', channel: 'Canal Receita' });
  const { plan } = await apiData<{ plan: { id: string } }>(request, token, 'POST', '/access/plans', { name: 'VIP Receita', botId, channelIds: [channelId], durationDays: 30, priceCents: 4990 });
  await signInThroughUi(page, account);
  await page.goto(`/acessos/${plan.id}`);
  await expect(revenue(page).getByText('Nenhuma venda no período.')).toBeVisible();
  await expect(revenue(page).getByTestId('revenue-revenue')).toHaveText(/R\$\s0,00/);

  await page.getByRole('button', { name: 'Enviar compra de teste — Webhook genérico' }).click();
  await expect(toast(page, 'Compra de teste enviada!').first()).toBeVisible();
  await expect(revenue(page).getByTestId('revenue-revenue')).toHaveText(/R\$\s49,90/);
  await expect(revenue(page).getByTestId('revenue-net')).toHaveText(/R\$\s49,90/);
  await expect(revenue(page).getByTestId('revenue-sales')).toHaveText('1');
  await expect(revenue(page).getByTestId('line-chart')).toHaveAttribute('data-drawn', 'true');
  await revenue(page).getByText('7 dias').click();
  await expect(revenue(page).getByRole('table')).toContainText(/R\$\s49,90/);
  expect(await axeViolations(page)).toEqual([]);
  await expectFitsTheScreen(page);

  await page.goto('/acessos');
  await expect(revenue(page).getByText('Todos os planos, em reais')).toBeVisible();
  await expect(revenue(page).getByTestId('revenue-revenue')).toHaveText(/R\$\s49,90/);
  await expect(revenue(page).getByTestId('line-chart')).toHaveAttribute('data-drawn', 'true');
  expect(await axeViolations(page)).toEqual([]);
});

test('um acesso pago com Telegram Stars é reembolsado pela página do membro', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const token = session.tokens.accessToken;
  const { bot, botId, channelId } = await botInChannel(request, token, { bot: 'Bot Estrelas', channel: 'Canal Estrelas' });
  const { plan } = await apiData<{ plan: { id: string } }>(request, token, 'POST', '/access/plans', {
    name: 'VIP Estrelas', botId, channelIds: [channelId], durationDays: 30, stars: { priceStars: 150, invoice: true },
  });
  const buyer = await emulator.createUser('Comprador');
  const since = await emulator.mark();
  await emulator.sendPrivateMessage(buyer.id, bot.token, `/start plano_${plan.id}`);
  const offer = await emulator.waitForSentMessage({ token: bot.token, chatId: buyer.id, since });
  const invoiceLink = offer.reply_markup?.inline_keyboard?.[0]?.[0]?.url ?? '';
  expect(invoiceLink).toMatch(/^https:\/\/t\.me\/\$/);
  expect((await emulator.payInvoice(buyer.id, invoiceLink)).status).toBe('paid');

  await signInThroughUi(page, account);
  await page.goto(`/acessos/${plan.id}`);
  const card = page.getByTestId('member-card').first();
  await expect(card.getByTestId('access-status')).toHaveText('Ativo');
  await card.getByRole('button', { name: /^Detalhes de / }).click();
  const detail = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Histórico' }) });
  await detail.getByRole('button', { name: 'Reembolsar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reembolsar estrelas' });
  await confirm.getByRole('button', { name: 'Reembolsar' }).click();
  await expect(toast(page, 'Estrelas reembolsadas; o acesso terminou').first()).toBeVisible();
  await expect(detail.getByTestId('access-status').first()).toHaveText('Reembolsado');
  await expect(detail.getByRole('button', { name: 'Reembolsar' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await detail.getByRole('button', { name: 'Fechar' }).click();
  await expect(card.getByTestId('access-status')).toHaveText('Reembolsado');
});
