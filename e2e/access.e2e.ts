/**
 * Paid access on a phone (docs/product.md#acessos): an operator whose bot administers a channel (invite and ban)
 * opens "Acessos" from the menu, creates a plan (the form's rules first), copies its webhook URL (read back from the
 * clipboard), reveals the generic key, grants an access by hand and watches it wait for its Telegram account with
 * a claim link, revokes it (Revogado, with the history's cause and who) and exports the members as CSV. A test purchase through the Hotmart URL
 * becomes a member waiting for its account, logged as processed, and is revoked the same way. Offline the screens
 * say they come back with the connection instead of failing.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './test-support/test.ts';
import { ACCESS_TEXTS } from '../shared/access/texts.ts';
import { axeViolations, expectFitsTheScreen } from './test-support/a11y.ts';
import { registerByApi } from './test-support/accounts.ts';
import { apiData, botInChannel } from './test-support/channels.ts';
import { signInThroughUi, waitForServiceWorker } from './test-support/ui.ts';
import { OFFLINE_ACCESS_HINT } from '../client/src/features/access/api/access-texts.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** Opens a member's page from its card, revokes it after the confirmation, and reads its state and history. */
async function revoke(page: Page, card: ReturnType<Page['getByTestId']>, operator: string) {
  await card.getByRole('button', { name: /^Detalhes de / }).click();
  const detail = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Histórico' }) });
  await detail.getByRole('button', { name: 'Revogar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revogar acesso' });
  await confirm.getByRole('button', { name: 'Revogar' }).click();
  await expect(toast(page, 'Acesso revogado').first()).toBeVisible();
  await expect(detail.getByTestId('access-status').first()).toHaveText('Revogado');
  await expect(detail.getByTestId('history-entry').last()).toContainText(`RevogadoOperadorpor ${operator}`);
  await expect(detail.getByRole('button', { name: 'Revogar' })).toBeDisabled();
  await detail.getByRole('button', { name: 'Fechar' }).click();
  await expect(card.getByTestId('access-status')).toHaveText('Revogado');
}

test('cria um plano no celular, copia a URL do webhook, concede um acesso e o revoga', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { account, session } = await registerByApi(request);
  const { botId } = await botInChannel(request, session.tokens.accessToken, { bot: 'Bot VIP', channel: 'Canal VIP' });
  await signInThroughUi(page, account);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Acessos' }).click();
  await expect(page).toHaveURL(/\/acessos$/);
  await expect(page.getByText('Nenhum plano de acesso ainda')).toBeVisible();

  await page.getByRole('button', { name: 'Novo plano' }).click();
  const form = page.getByRole('dialog', { name: 'Novo plano' });
  await form.getByRole('button', { name: 'Criar plano' }).click();
  await expect(form.getByText(ACCESS_TEXTS.nameRequired)).toBeVisible();
  await expect(form.getByText(ACCESS_TEXTS.botRequired)).toBeVisible();
  await form.getByLabel('Nome do plano').fill('VIP Mensal');
  await form.getByLabel('Bot').selectOption(botId);
  await form.getByRole('checkbox', { name: 'Canal VIP' }).check();
  await expect(form.getByLabel('Carência (dias)')).toHaveValue('1');
  await form.getByLabel('Preço (R$)').fill('49,90');
  await form.getByLabel('Código do produto na Hotmart').fill('998877');
  expect(await axeViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Criar plano' }).click();
  await expect(toast(page, 'Plano criado!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/acessos\/[\w-]+$/);
  const planId = page.url().split('/').at(-1) ?? '';
  await expect(page.getByRole('heading', { level: 2, name: 'VIP Mensal' })).toBeVisible();
  await expect(page.getByText('30 dias · carência de 1 dia · R$ 49,90')).toBeVisible();

  const hotmart = page.getByRole('region', { name: 'URL do webhook — Hotmart' });
  await hotmart.getByRole('button', { name: 'Copiar URL' }).click();
  await expect(toast(page, 'Copiado para a área de transferência!').first()).toBeVisible();
  expect(await clipboard(page)).toMatch(new RegExp(`^https?://[^/]+/api/access/webhooks/${planId}/hotmart$`));
  await expect(page.getByTestId('webhook-key')).not.toContainText('whsec_');
  await page.getByRole('button', { name: 'Mostrar chave' }).click();
  await expect(page.getByTestId('webhook-key')).toContainText('whsec_');

  await page.getByRole('button', { name: 'Conceder acesso' }).click();
  const grant = page.getByRole('dialog', { name: 'Conceder acesso' });
  await grant.getByLabel('E-mail').fill('Maria@Exemplo.com');
  await grant.getByLabel('Dias de acesso').fill('10');
  await grant.getByRole('button', { name: 'Conceder acesso' }).click();
  await expect(toast(page, 'Acesso concedido!').first()).toBeVisible();
  const card = page.getByTestId('member-card').filter({ hasText: 'maria@exemplo.com' });
  await expect(card.getByTestId('access-status')).toHaveText('Aguardando vínculo');
  await card.getByRole('button', { name: 'Copiar link de vínculo de maria@exemplo.com' }).click();
  expect(await clipboard(page)).toMatch(/^https:\/\/t\.me\/\w+\?start=a_[\w-]+$/);
  expect(await axeViolations(page)).toEqual([]);
  await expectFitsTheScreen(page);
  await revoke(page, card, account.name);
  await expect(page.getByTestId('plan-count-awaitingLink')).toHaveText('0');

  // Exportar CSV downloads the plan's members as the file Excel in pt-BR opens (BOM, `;`, pt-BR columns).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^acessos-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) ?? '');
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines[0]?.startsWith('Plano;Situação;E-mail;')).toBe(true);
  expect(lines.slice(1).map((line) => line.split(';').slice(0, 3))).toEqual([['VIP Mensal', 'Revogado', 'maria@exemplo.com']]);
});

test('uma compra de teste pela URL da Hotmart vira um membro aguardando vínculo, aparece no log e é revogada', async ({ page, request }) => {
  const { account, session } = await registerByApi(request);
  const token = session.tokens.accessToken;
  const { botId, channelId } = await botInChannel(request, token, { bot: 'Bot Teste', channel: 'Canal Teste' });
  const { plan } = await apiData<{ plan: { id: string } }>(request, token, 'POST', '/access/plans', { name: 'VIP Teste', botId, channelIds: [channelId], durationDays: 30 });
  await signInThroughUi(page, account);
  await page.goto(`/acessos/${plan.id}`);
  await expect(page.getByText('Nenhum membro encontrado')).toBeVisible();
  // Without the Hotmart token the plan would refuse Hotmart's real deliveries: the test says so instead of passing.
  await expect(page.getByText('Cadastre o token da Hotmart em Editar')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar compra de teste — Hotmart' }).click();
  await expect(toast(page, 'Cadastre o token da Hotmart neste plano antes de enviar uma compra de teste').first()).toBeVisible();
  await apiData(request, token, 'PUT', `/access/plans/${plan.id}`, { gateways: { hotmart: { token: 'hottok-e2e-123' } } });
  await page.reload();
  await expect(page.getByText('Cadastre o token da Hotmart em Editar')).toHaveCount(0);
  await page.getByRole('button', { name: 'Enviar compra de teste — Hotmart' }).click();
  await expect(toast(page, 'Compra de teste enviada!').first()).toBeVisible();
  const card = page.getByTestId('member-card').first();
  await expect(card.getByTestId('access-status')).toHaveText('Aguardando vínculo');
  await expect(card.getByRole('button', { name: /^Copiar link de vínculo de / })).toBeVisible();
  const logged = page.getByTestId('webhook-entry').first();
  await expect(logged.getByTestId('webhook-status')).toHaveText('Processado');
  await expect(logged).toContainText('Teste');
  expect(await axeViolations(page)).toEqual([]);
  await revoke(page, card, account.name);
});

test('sem rede, as telas de Acessos dizem que voltam com a conexão em vez de falhar', async ({ page, context, request }) => {
  const { account } = await registerByApi(request);
  await signInThroughUi(page, account);
  await waitForServiceWorker(page);
  await page.goto('/acessos');
  await expect(page.getByText('Nenhum plano de acesso ainda')).toBeVisible();

  await context.setOffline(true);
  for (const path of ['/acessos', '/acessos/membros']) {
    await page.goto(path);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_ACCESS_HINT })).toBeVisible();
    await expect(page.getByRole('region', { name: /Notificações/ }).getByText(/^Erro ao carregar/)).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: 'Conceder acesso' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
  await context.setOffline(false);
});
