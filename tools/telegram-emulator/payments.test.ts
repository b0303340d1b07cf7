import { describe, expect, test } from 'bun:test';
import type { Update } from 'grammy/types';
import { createTelegramEmulator } from './emulator.ts';
import { startedDialog, useEmulator } from './test-support.ts';

const emulator = useEmulator();
const { control } = emulator;
const STARS = { provider_token: '' };

async function nextUpdate(bot: ReturnType<typeof startedDialog>['bot'], has: keyof Update): Promise<Update> {
  for (;;) {
    const updates = await bot.api.getUpdates({ timeout: 2 });
    if (updates.length > 0) await bot.api.getUpdates({ offset: (updates.at(-1)?.update_id ?? 0) + 1 });
    const found = updates.find((u) => u[has] !== undefined);
    if (found) return found;
  }
}

describe('payments in Telegram Stars', () => {
  test('an invoice paid: pre_checkout_query, the bot accepts, successful_payment arrives', async () => {
    const { bot, user } = startedDialog(emulator);
    await bot.api.getUpdates({ offset: -1 });
    const invoice = await bot.api.sendInvoice(user.id, 'VIP 30 dias', 'Acesso ao grupo VIP', 'plan:42', 'XTR', [{ label: 'VIP', amount: 250 }], STARS);
    expect(invoice.invoice).toEqual({ title: 'VIP 30 dias', description: 'Acesso ao grupo VIP', start_parameter: '', currency: 'XTR', total_amount: 250 });
    expect(control.sentMessages({ method: 'sendInvoice' })).toHaveLength(1);
    const paying = control.payInvoice({ userId: user.id, bot: bot.token, messageId: invoice.message_id });
    const query = (await nextUpdate(bot, 'pre_checkout_query')).pre_checkout_query;
    expect(query).toMatchObject({ from: { id: user.id }, currency: 'XTR', total_amount: 250, invoice_payload: 'plan:42' });
    expect(await bot.api.answerPreCheckoutQuery(query?.id ?? '', true)).toBe(true);
    const outcome = await paying;
    if (outcome.status !== 'paid') throw new Error(`not paid: ${outcome.status}`);
    const payment = (await nextUpdate(bot, 'message')).message?.successful_payment;
    expect(payment).toEqual({
      currency: 'XTR', total_amount: 250, invoice_payload: 'plan:42',
      telegram_payment_charge_id: outcome.telegramPaymentChargeId, provider_payment_charge_id: outcome.providerPaymentChargeId,
    });
    await expect(bot.api.answerPreCheckoutQuery(query?.id ?? '', true)).rejects.toMatchObject({
      description: 'Bad Request: query is too old and response timeout expired or query ID is invalid',
    });
    expect(control.starPayments({ bot: bot.token })).toMatchObject([{ kind: 'invoice', userId: user.id, amount: 250, payload: 'plan:42' }]);
  });

  test('the bot declines with a message; error_message is required', async () => {
    const { bot, user } = startedDialog(emulator);
    const link = await bot.api.createInvoiceLink('VIP', 'Acesso', 'plan:1', '', 'XTR', [{ label: 'VIP', amount: 100 }]);
    expect(link).toMatch(/^https:\/\/t\.me\/\$/);
    const paying = control.payInvoice({ userId: user.id, invoiceLink: link });
    const query = (await nextUpdate(bot, 'pre_checkout_query')).pre_checkout_query;
    await expect(bot.api.answerPreCheckoutQuery(query?.id ?? '', false)).rejects.toMatchObject({ error_code: 400 });
    await bot.api.answerPreCheckoutQuery(query?.id ?? '', false, { error_message: 'Plano esgotado' });
    expect(await paying).toEqual({ status: 'declined', errorMessage: 'Plano esgotado' });
    expect(control.starPayments()).toEqual([]);
  });

  test('Telegram-only rules of Stars invoices', async () => {
    const { bot, user } = startedDialog(emulator);
    const price = [{ label: 'VIP', amount: 100 }];
    await expect(bot.api.sendInvoice(user.id, 'VIP', 'Acesso', 'p', 'BRL', price, { provider_token: '' })).rejects.toMatchObject({ description: 'Bad Request: PAYMENT_PROVIDER_INVALID' });
    await expect(bot.api.sendInvoice(user.id, 'VIP', 'Acesso', 'p', 'XTR', [...price, { label: 'taxa', amount: 1 }], STARS)).rejects.toMatchObject({ description: 'Bad Request: STARS_INVOICE_INVALID' });
    await expect(bot.api.sendInvoice(user.id, 'VIP', 'Acesso', 'p', 'XTR', [{ label: 'VIP', amount: 100_001 }], STARS)).rejects.toMatchObject({ description: 'Bad Request: CURRENCY_TOTAL_AMOUNT_INVALID' });
    await expect(bot.api.sendInvoice(user.id, 'VIP', 'Acesso', 'x'.repeat(129), 'XTR', price, STARS)).rejects.toMatchObject({ description: 'Bad Request: INVOICE_PAYLOAD_INVALID' });
    await expect(bot.api.createInvoiceLink('VIP', 'Acesso', 'p', '', 'XTR', price, { subscription_period: 86_400 })).rejects.toMatchObject({ description: 'Bad Request: SUBSCRIPTION_PERIOD_INVALID' });
    await expect(bot.api.createInvoiceLink('VIP', 'Acesso', 'p', '', 'XTR', [{ label: 'VIP', amount: 10_001 }], { subscription_period: 2_592_000 })).rejects.toMatchObject({ description: 'Bad Request: SUBSCRIPTION_AMOUNT_INVALID' });
    const stranger = control.createUser({ first_name: 'Davi' });
    await expect(bot.api.sendInvoice(stranger.id, 'VIP', 'Acesso', 'p', 'XTR', price, STARS)).rejects.toMatchObject({ error_code: 403 });
  });

  test('a subscription invoice: first payment, renewals with is_recurring, the bot cancels renewal', async () => {
    const { bot, user } = startedDialog(emulator);
    const link = await bot.api.createInvoiceLink('VIP', 'Mensal', 'plan:9', '', 'XTR', [{ label: 'VIP', amount: 300 }], { subscription_period: 2_592_000 });
    const paying = control.payInvoice({ userId: user.id, invoiceLink: link });
    await bot.api.answerPreCheckoutQuery((await nextUpdate(bot, 'pre_checkout_query')).pre_checkout_query?.id ?? '', true);
    const first = await paying;
    if (first.status !== 'paid') throw new Error('not paid');
    await nextUpdate(bot, 'message');
    const now = Math.floor(Date.now() / 1000);
    expect(first.message.successful_payment).toMatchObject({ is_recurring: true, is_first_recurring: true, total_amount: 300 });
    expect(first.subscriptionExpirationDate).toBeGreaterThanOrEqual(now + 2_592_000 - 5);
    const renewal = control.renewBotSubscription({ telegramPaymentChargeId: first.telegramPaymentChargeId });
    const renewed = (await nextUpdate(bot, 'message')).message?.successful_payment;
    expect(renewed).toMatchObject({ is_recurring: true, subscription_expiration_date: (first.subscriptionExpirationDate ?? 0) + 2_592_000, telegram_payment_charge_id: renewal.telegramPaymentChargeId });
    expect(renewed?.is_first_recurring).toBeUndefined();
    expect(await bot.api.editUserStarSubscription(user.id, first.telegramPaymentChargeId, true)).toBe(true);
    expect(() => control.renewBotSubscription({ telegramPaymentChargeId: first.telegramPaymentChargeId })).toThrow(/does not renew/);
    const transactions = (await bot.api.getStarTransactions()).transactions;
    expect(transactions.map((t) => [t.amount, t.source?.type, t.source?.type === 'user' ? t.source.subscription_period : 0])).toEqual([[300, 'user', 2_592_000], [300, 'user', 2_592_000]]);
  });

  test('refundStarPayment refunds once; the bot gets refunded_payment; the control side lists refunds', async () => {
    const { bot, user } = startedDialog(emulator);
    const invoice = await bot.api.sendInvoice(user.id, 'VIP', 'Acesso', 'plan:3', 'XTR', [{ label: 'VIP', amount: 50 }], STARS);
    const paying = control.payInvoice({ userId: user.id, bot: 'welcome_test_bot', messageId: invoice.message_id });
    await bot.api.answerPreCheckoutQuery((await nextUpdate(bot, 'pre_checkout_query')).pre_checkout_query?.id ?? '', true);
    const paid = await paying;
    if (paid.status !== 'paid') throw new Error('not paid');
    await nextUpdate(bot, 'message');
    await expect(bot.api.refundStarPayment(user.id, 'stxNOPE')).rejects.toMatchObject({ description: 'Bad Request: CHARGE_ID_INVALID' });
    expect(await bot.api.refundStarPayment(user.id, paid.telegramPaymentChargeId)).toBe(true);
    await expect(bot.api.refundStarPayment(user.id, paid.telegramPaymentChargeId)).rejects.toMatchObject({ error_code: 400, description: 'Bad Request: CHARGE_ALREADY_REFUNDED' });
    expect((await nextUpdate(bot, 'message')).message?.refunded_payment).toMatchObject({ currency: 'XTR', total_amount: 50, invoice_payload: 'plan:3', telegram_payment_charge_id: paid.telegramPaymentChargeId });
    expect(control.refunds({ bot: bot.token }).map((r) => r.telegramPaymentChargeId)).toEqual([paid.telegramPaymentChargeId]);
    const transactions = (await bot.api.getStarTransactions({ offset: 0, limit: 10 })).transactions;
    expect(transactions.map((t) => [t.id, t.source ? 'in' : 'out'])).toEqual([[paid.telegramPaymentChargeId, 'in'], [paid.telegramPaymentChargeId, 'out']]);
  });

  test('no answer in time: timeout, also when allowed_updates leaves pre_checkout_query out', async () => {
    const quick = createTelegramEmulator({ preCheckoutTimeoutMs: 50 });
    try {
      const { bot, user } = startedDialog(quick);
      const link = await bot.api.createInvoiceLink('VIP', 'Acesso', 'p', '', 'XTR', [{ label: 'VIP', amount: 10 }]);
      expect(await quick.control.payInvoice({ userId: user.id, invoiceLink: link })).toEqual({ status: 'timeout', delivered: true });
      const late = (await bot.api.getUpdates()).find((u) => u.pre_checkout_query)?.pre_checkout_query;
      await expect(bot.api.answerPreCheckoutQuery(late?.id ?? '', true)).rejects.toMatchObject({ error_code: 400 });
      await bot.api.getUpdates({ allowed_updates: ['message'] });
      expect(await quick.control.payInvoice({ userId: user.id, invoiceLink: link })).toEqual({ status: 'timeout', delivered: false });
      expect(quick.control.starPayments()).toEqual([]);
    } finally {
      await quick.stop();
    }
  });

  test('over HTTP: pay-invoice waits for the answer, star-payments and refunds list', async () => {
    const { bot, user } = startedDialog(emulator);
    const link = await bot.api.createInvoiceLink('VIP', 'Acesso', 'p', '', 'XTR', [{ label: 'VIP', amount: 10 }]);
    const post = (endpoint: string, body: unknown) => fetch(`${emulator.url}/control/${endpoint}`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json());
    const paying = post('pay-invoice', { userId: user.id, invoiceLink: link });
    await bot.api.answerPreCheckoutQuery((await nextUpdate(bot, 'pre_checkout_query')).pre_checkout_query?.id ?? '', true);
    const answer = await paying;
    expect(answer.result).toMatchObject({ status: 'paid', message: { successful_payment: { total_amount: 10 } } });
    expect((await post('star-payments', { userId: user.id })).result).toHaveLength(1);
    expect((await post('refunds', {})).result).toEqual([]);
  });
});
