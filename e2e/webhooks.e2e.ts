/**
 * Outgoing webhooks from the console (docs/product.md#screen-webhooks): on a phone an owner reaches Webhooks from the
 * menu, is told what the form needs, subscribes a receiver on this machine (the e2e server allows loopback
 * destinations, FLOW_HTTP_ALLOW_PRIVATE), copies the signing secret shown once, sends a test event that arrives
 * signed with it, reads the delivery in the log, redelivers it (same event id), pauses and resumes, edits and deletes.
 * On a laptop, a subscription the server paused after failing deliveries shows why and is resumed with "Reativar".
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { WEBHOOK_TEXTS } from '../shared/webhooks/schemas.ts';
import { WEBHOOK_SCREEN_TEXTS, WEBHOOK_TOASTS } from '../shared/webhooks/texts.ts';
import { axeViolations, expectFitsTheScreen } from './test-support/a11y.ts';
import { registerByApi } from './test-support/accounts.ts';
import { smallTargets } from './test-support/touch-targets.ts';
import { signInThroughUi } from './test-support/ui.ts';
import { expect, test, type Page } from './test-support/test.ts';

type Received = { path: string; eventId: string; signature: string; body: string };

/** A receiver on loopback: `/ok…` answers 200, `/gone…` 410 (a refusal that fails the delivery at once). */
function startReceiver() {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const header = (name: string) => String(request.headers[name] ?? '');
      received.push({ path: request.url ?? '', eventId: header('x-canalize-event-id'), signature: header('x-canalize-signature'), body });
      response.statusCode = request.url?.startsWith('/gone') ? 410 : 200;
      response.end('recebido');
    });
  });
  const listening = new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    url: async (path: string) => {
      await listening;
      const address = server.address();
      if (!address || typeof address === 'string') throw new Error('receiver not listening');
      return `http://127.0.0.1:${address.port}${path}`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notificações/ }).getByText(text);

/** X-Canalize-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">, checked as a receiver would. */
const signedWith = (secret: string, entry: Received) => {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(entry.signature) ?? [];
  return t !== undefined && v1 === createHmac('sha256', secret).update(`${t}.${entry.body}`).digest('hex');
};

test.describe('no celular', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('assina um receptor, copia o segredo, envia um teste, reenvia, pausa, edita e exclui', async ({ page, request }) => {
    test.setTimeout(120_000);
    const receiver = startReceiver();
    const { account } = await registerByApi(request);
    await signInThroughUi(page, account);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/webhooks$/);
    await expect(page.getByText(WEBHOOK_SCREEN_TEXTS.empty)).toBeVisible();

    await page.getByRole('button', { name: 'Novo webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Novo webhook' });
    await form.getByRole('button', { name: 'Criar webhook' }).click();
    await expect(form.getByText(WEBHOOK_TEXTS.urlInvalid)).toBeVisible();
    await expect(form.getByText(WEBHOOK_TEXTS.eventsRequired)).toBeVisible();
    await form.getByLabel('URL de destino').fill(await receiver.url('/ok'));
    await form.getByLabel('Descrição').fill('CRM da loja');
    await form.getByRole('checkbox', { name: 'Todos de Contatos' }).check();
    await form.getByRole('checkbox', { name: 'Mensagem recebida' }).check();
    await expect(form.getByTestId('events-chosen')).toHaveText('3 eventos de 20');
    expect(await axeViolations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    await form.getByRole('button', { name: 'Criar webhook' }).click();
    await expect(toast(page, WEBHOOK_TOASTS.created).first()).toBeVisible();

    const secretDialog = page.getByRole('dialog', { name: 'Segredo de assinatura' });
    await expect(secretDialog).toContainText(WEBHOOK_SCREEN_TEXTS.secretOnce);
    await expect(secretDialog).toContainText('X-Canalize-Signature');
    const secret = (await secretDialog.locator('pre').first().textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Copiar segredo' }).click();
    expect(await axeViolations(page)).toEqual([]);
    await expectFitsTheScreen(page);
    await secretDialog.getByRole('button', { name: 'Já copiei' }).click();
    await expect(page.getByText(secret)).toHaveCount(0);

    const card = page.getByRole('listitem', { name: await receiver.url('/ok') });
    await expect(card).toContainText('CRM da loja');
    await expect(card).toContainText('3 eventos');
    await expect(card.getByTestId('webhook-state')).toHaveText('Ativo');
    await expect(card).toContainText(WEBHOOK_SCREEN_TEXTS.noDelivery);
    await expect(page.getByTestId('webhook-count')).toHaveText('1 webhook');
    expect(await axeViolations(page)).toEqual([]);
    await expectFitsTheScreen(page);

    await card.getByRole('button', { name: 'Enviar teste' }).click();
    await expect(toast(page, WEBHOOK_TOASTS.testQueued).first()).toBeVisible();
    await expect(card.getByTestId('delivery-status')).toHaveText('Entregue · 200', { timeout: 20_000 });
    expect(receiver.received).toHaveLength(1);
    const [first] = receiver.received;
    expect(first && signedWith(secret, first)).toBe(true);
    expect(JSON.parse(first?.body ?? '{}')).toMatchObject({ type: 'webhook.test', id: first?.eventId });

    await card.getByRole('button', { name: 'Entregas' }).click();
    const log = page.getByRole('dialog', { name: 'Entregas do webhook' });
    const item = log.getByTestId('delivery-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Evento de teste');
    await expect(item.getByTestId('delivery-status')).toHaveText('Entregue');
    await expect(item).toContainText('Tentativas1');
    await expect(item).toContainText('Resposta200');
    expect(await axeViolations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    await expectFitsTheScreen(page);
    await item.getByRole('button', { name: 'Reenviar' }).click();
    await expect(toast(page, WEBHOOK_TOASTS.redelivered).first()).toBeVisible();
    await expect(item).toHaveCount(2);
    await expect(item.first().getByTestId('delivery-status')).toHaveText('Entregue', { timeout: 20_000 });
    expect(receiver.received.map((entry) => entry.eventId)).toEqual([first?.eventId, first?.eventId]);
    await log.getByRole('button', { name: 'Fechar' }).last().click();

    await card.getByRole('button', { name: 'Pausar' }).click();
    await expect(toast(page, WEBHOOK_TOASTS.paused).first()).toBeVisible();
    await expect(card.getByTestId('webhook-state')).toHaveText('Pausado');
    await card.getByRole('button', { name: 'Reativar' }).click();
    await expect(card.getByTestId('webhook-state')).toHaveText('Ativo');

    await card.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar webhook' });
    await expect(edit.getByRole('checkbox', { name: 'Contato criado' })).toBeChecked();
    await edit.getByRole('checkbox', { name: 'Todos de Contatos' }).uncheck();
    await edit.getByLabel('Descrição').fill('Só mensagens');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, WEBHOOK_TOASTS.updated).first()).toBeVisible();
    await expect(card).toContainText('Só mensagens');
    await expect(card).toContainText('1 evento');

    await card.getByRole('button', { name: 'Excluir' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir webhook' });
    await expect(confirm).toContainText(WEBHOOK_SCREEN_TEXTS.confirmDelete(await receiver.url('/ok')));
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(toast(page, WEBHOOK_TOASTS.deleted).first()).toBeVisible();
    await expect(page.getByText(WEBHOOK_SCREEN_TEXTS.empty)).toBeVisible();
    await receiver.stop();
  });
});

test.describe('no notebook', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('um webhook pausado pelo servidor mostra o aviso e volta com "Reativar"', async ({ page, request }) => {
    test.setTimeout(120_000);
    const receiver = startReceiver();
    const { account, session } = await registerByApi(request);
    const headers = { Authorization: `Bearer ${session.tokens.accessToken}` };
    const url = await receiver.url('/gone');
    const created = await request.post('/api/webhooks', { headers, data: { url, events: ['contact.created'] } });
    const { id } = ((await created.json()) as { data: { webhook: { id: string } } }).data.webhook;
    // Each refused delivery fails at once; twenty in a row pause the subscription.
    for (let sent = 0; sent < 20; sent += 1) expect((await request.post(`/api/webhooks/${id}/test`, { headers })).status()).toBe(201);
    await expect(async () => {
      const answer = (await (await request.get(`/api/webhooks/${id}`, { headers })).json()) as { data: { webhook: { pausedAt: string | null } } };
      expect(answer.data.webhook.pausedAt).not.toBeNull();
    }).toPass({ timeout: 30_000 });

    await signInThroughUi(page, account);
    await page.goto('/webhooks');
    const row = page.getByTestId('webhook-row');
    await expect(row.getByTestId('webhook-state')).toHaveText('Pausado por falhas');
    await expect(row.getByRole('note')).toContainText(WEBHOOK_TEXTS.pausedNotice);
    await expect(row.getByTestId('delivery-status')).toHaveText('Falhou · 410');
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('button', { name: `Entregas ${url}` }).click();
    const log = page.getByRole('dialog', { name: 'Entregas do webhook' });
    await expect(log.getByTestId('delivery-item')).toHaveCount(20);
    await expect(log.getByTestId('delivery-item').first().getByTestId('delivery-status')).toHaveText('Falhou');
    await log.getByRole('button', { name: 'Fechar' }).last().click();

    await row.getByRole('button', { name: `Reativar ${url}` }).click();
    await expect(toast(page, WEBHOOK_TOASTS.resumed).first()).toBeVisible();
    await expect(row.getByTestId('webhook-state')).toHaveText('Ativo');
    await expect(row.getByRole('note')).toHaveCount(0);
    await receiver.stop();
  });
});
