/**
 * The dry-run of a plan on a channel that already has members, on a phone (docs/product.md#acessos): the plan page
 * lists the members the bot saw join who have no access, with the note that Telegram does not let bots list
 * everyone; nobody is removed until the operator confirms "Remover N membros sem acesso"; then the bot removes them
 * and the card says so.
 */
import { expect, test, type Page } from './test-support/test.ts';
import { UNPAID_TEXTS } from '../shared/access/unpaid.ts';
import { axeViolations, expectFitsTheScreen } from './test-support/a11y.ts';
import { registerByApi } from './test-support/accounts.ts';
import { apiData, botInChannel } from './test-support/channels.ts';
import { emulator } from './test-support/emulator.ts';
import { signInThroughUi } from './test-support/ui.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);

test('mostra quem seria removido ao ativar um plano num canal existente e remove só depois de confirmar', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const token = session.tokens.accessToken;
  const { botId, chat, channelId } = await botInChannel(request, token, { bot: 'Bot VIP', channel: 'Canal antigo' });
  const ana = await emulator.createUser('Ana');
  const beto = await emulator.createUser('Beto');
  await emulator.joinChat(ana.id, chat.id);
  await emulator.joinChat(beto.id, chat.id);
  const { plan } = await apiData<{ plan: { id: string } }>(request, token, 'POST', '/access/plans', { name: 'VIP', botId, channelIds: [channelId], durationDays: 30, graceDays: 1 });
  await expect.poll(async () => (await apiData<{ report: { total: number } }>(request, token, 'GET', `/access/plans/${plan.id}/unpaid`)).report.total).toBe(2);

  await signInThroughUi(page, account);
  await page.goto(`/acessos/${plan.id}`);
  const card = page.getByRole('region', { name: 'Membros sem acesso em Canal antigo' });
  await expect(card.getByText('Canal antigo · 2 sem acesso')).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveCount(2);
  await expect(card.getByRole('listitem').filter({ hasText: `@${ana.username ?? ''}` })).toContainText('Ana');
  await expect(card.getByRole('listitem').filter({ hasText: `@${beto.username ?? ''}` })).toContainText('Beto');
  await expect(page.getByText(UNPAID_TEXTS.note)).toBeVisible();
  await expectFitsTheScreen(page);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: UNPAID_TEXTS.remove(2) }).click();
  const confirm = page.getByRole('dialog', { name: UNPAID_TEXTS.remove(2) });
  await expect(confirm.getByText(UNPAID_TEXTS.confirm(2))).toBeVisible();
  await confirm.getByRole('button', { name: 'Remover' }).click();
  await expect(toast(page, 'Remoções agendadas: o bot remove no ritmo que o Telegram permite.').first()).toBeVisible();
  await expect(page.getByText('2 removidos')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(UNPAID_TEXTS.none)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remover \d+ membros? sem acesso$/ })).toHaveCount(0);
});
