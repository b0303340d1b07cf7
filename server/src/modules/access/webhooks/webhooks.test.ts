/**
 * Purchase webhooks over HTTP (docs/product.md#acessos): each gateway's documented payload becomes an access waiting
 * for its claim; refunds and chargebacks end it; renewals extend it; a retry changes nothing; a refused signature
 * stores nothing but a counter; an unknown product is kept "não processado" and reprocessed once the plan is fixed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { planResponseSchema, type Plan } from '@shared/access/plans.ts';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { webhookProcessedResponseSchema } from '@shared/access/webhook-log.ts';
import { WEBHOOK_TEXTS } from '@shared/access/webhook-texts.ts';
import { fixtureText } from '../gateways/fixtures/load.ts';
import { FIXTURE_PRODUCTS, GATEWAY_TOKENS, webhookKit, type Gateway } from '../../../test-support/access-webhooks.ts';
import { SERVER_START_TIMEOUT_MS } from '../../../test-support/start-test-server.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../../test-support/telegram.ts';
import { WEBHOOK_REASONS } from './reasons.ts';

let bed: TelegramTestbed;
let owner: Awaited<ReturnType<typeof registeredBot>>;
let vipId: string;
let kit: ReturnType<typeof webhookKit>;

beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await registeredBot(bed);
  vipId = (await promotedChat(bed, owner, { type: 'supergroup', title: 'Grupo VIP' })).channel.id;
  kit = webhookKit(bed.server, () => owner.auth.token);
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

const gatewaySettings = (products: Partial<Record<keyof typeof FIXTURE_PRODUCTS, string>> = FIXTURE_PRODUCTS) => ({
  hotmart: { token: GATEWAY_TOKENS.hotmart, productId: products.hotmart ?? '' },
  kiwify: { token: GATEWAY_TOKENS.kiwify, productId: products.kiwify ?? '' },
  eduzz: { token: GATEWAY_TOKENS.eduzz, productId: products.eduzz ?? '' },
});

async function newPlan(json: Record<string, unknown> = {}): Promise<Plan> {
  const answer = await bed.server.api('/api/access/plans', {
    token: owner.auth.token, json: { name: 'VIP Mensal', botId: owner.bot.id, channelIds: [vipId], durationDays: 30, gateways: gatewaySettings(), ...json },
  });
  expect(answer.status).toBe(201);
  return planResponseSchema.parse(await answer.json()).data.plan;
}

const genericBody = (event: string, transactionId: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ event, transactionId, buyer: { email: 'Pix.Comprador@Exemplo.com', name: 'Comprador Pix' }, amount: 49.9, currency: 'BRL', ...extra });

const APPROVED: Array<[Gateway, string, string]> = [
  ['hotmart', 'hotmart-purchase-approved', 'maria.souza@example.com'],
  ['kiwify', 'kiwify-order-approved', 'joao.pereira@example.com'],
  ['eduzz', 'eduzz-invoice-paid', 'ana.lima@example.com.br'],
];

describe('purchase webhooks', () => {
  test.each(APPROVED)('%s: an approved purchase opens an access waiting for its claim, logged as processed', async (gateway, fixture, email) => {
    const plan = await newPlan();
    const answer = await kit.deliver(plan, gateway, fixture);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [member, ...others] = await kit.members(plan.id);
    expect(others).toEqual([]);
    expect({ status: member?.status, email: member?.email, source: member?.source }).toEqual({ status: 'AWAITING_LINK', email, source: gateway });
    expect(member?.claimLink).toMatch(new RegExp(`^https://t\\.me/${owner.username}\\?start=a_`));
    expect(member?.history.map((line) => [line.status, line.cause])).toEqual([['AWAITING_LINK', 'webhook']]);
    const { webhooks } = await kit.log(`?planId=${plan.id}`);
    expect(webhooks.map((hook) => [hook.gateway, hook.status, hook.kind, hook.email, hook.memberId, hook.test])).toEqual([[gateway, 'PROCESSED', 'approved', email, member?.id ?? '', false]]);
  });

  test.each([['hotmart', 'hotmart-purchase-refunded', 'REFUNDED'], ['hotmart', 'hotmart-purchase-chargeback', 'CHARGEBACK'], ['kiwify', 'kiwify-order-refunded', 'REFUNDED'], ['kiwify', 'kiwify-chargeback', 'CHARGEBACK'], ['eduzz', 'eduzz-invoice-refunded', 'REFUNDED']] as const)(
    '%s %s ends the access at once', async (gateway, fixture, status) => {
      const plan = await newPlan();
      const approved = APPROVED.find(([name]) => name === gateway)?.[1] ?? '';
      expect((await kit.deliver(plan, gateway, approved)).status).toBe(200);
      expect((await kit.deliver(plan, gateway, fixture)).status).toBe(200);
      const [member] = await kit.members(plan.id);
      expect(member?.status).toBe(status);
      expect(member?.history.map((line) => [line.status, line.cause])).toEqual([['AWAITING_LINK', 'webhook'], [status, 'webhook']]);
    },
  );

  test('a renewal extends the access to the period the gateway charged', async () => {
    const plan = await newPlan();
    await kit.deliver(plan, 'hotmart', 'hotmart-purchase-approved');
    const first = (await kit.members(plan.id))[0]?.accessUntil ?? '';
    expect((await kit.deliver(plan, 'hotmart', 'hotmart-purchase-approved-recurrence')).status).toBe(200);
    const [member, ...others] = await kit.members(plan.id);
    expect(others).toEqual([]);
    const recurrence = JSON.parse(fixtureText('hotmart-purchase-approved-recurrence.json')).data.purchase.date_next_charge;
    expect(Date.parse(member?.accessUntil ?? '')).toBe(recurrence);
    expect(Date.parse(member?.accessUntil ?? '')).toBeGreaterThan(Date.parse(first));
    expect((await kit.log(`?planId=${plan.id}`)).webhooks.map((hook) => hook.kind)).toEqual(['renewed', 'approved']);
  });

  test('a retried delivery answers 200 and changes nothing: no second row, no second history line', async () => {
    const plan = await newPlan();
    const deliveries = await Promise.all([1, 2, 3].map(() => kit.deliver(plan, 'kiwify', 'kiwify-order-approved')));
    expect(deliveries.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await kit.deliver(plan, 'kiwify', 'kiwify-order-approved')).status).toBe(200);
    const members = await kit.members(plan.id);
    expect(members.map((member) => member.history.length)).toEqual([1]);
    expect((await kit.log(`?planId=${plan.id}`)).pagination.total).toBe(1);
  });

  test('a bad or missing signature or token is refused in pt-BR, stores nothing and is counted', async () => {
    const plan = await newPlan();
    const body = fixtureText('kiwify-order-approved.json');
    const tampered = await kit.post(plan.id, 'kiwify', body.replace('Joao.Pereira', 'Intruso'), { headers: {}, query: `?signature=${'0'.repeat(40)}` });
    expect([tampered.status, failureEnvelopeSchema.parse(tampered.body).message]).toEqual([401, WEBHOOK_TEXTS.signatureMismatch]);
    const hottok = await kit.post(plan.id, 'hotmart', fixtureText('hotmart-purchase-approved.json'), { headers: { 'x-hotmart-hottok': 'outro' }, query: '' });
    expect([hottok.status, failureEnvelopeSchema.parse(hottok.body).message]).toEqual([401, WEBHOOK_TEXTS.hottokMismatch]);
    const missing = await kit.post(plan.id, 'generic', genericBody('purchase.approved', 'pix-1'), { headers: {}, query: '' });
    expect(missing.status).toBe(401);
    const replayed = await kit.deliverBody(plan, 'generic', genericBody('purchase.approved', 'pix-2'), new Date(Date.now() - 6 * 60_000));
    expect([replayed.status, failureEnvelopeSchema.parse(replayed.body).message]).toEqual([401, WEBHOOK_TEXTS.signatureReplay]);
    expect(await kit.members(plan.id)).toEqual([]);
    expect((await kit.log(`?planId=${plan.id}`)).pagination.total).toBe(0);
    // Counted behind the answers (rejection-counter.ts): within a second.
    await eventually('the four refusals counted', async () => (await kit.plan(plan.id)).rejectedWebhooks === 4);
    const [row] = await bed.server.db.sql<{ at: Date | null }[]>`select last_rejected_at as at from access_plans where id = ${plan.id}`;
    expect(row?.at).toBeInstanceOf(Date);
  });

  test('the generic webhook grants, and answers 404 for an unknown plan or gateway and 413 past its cap', async () => {
    const plan = await newPlan();
    expect((await kit.deliverBody(plan, 'generic', genericBody('purchase.approved', 'pix-10'))).status).toBe(200);
    expect((await kit.members(plan.id)).map((member) => [member.email, member.source, member.amountCents])).toEqual([['pix.comprador@exemplo.com', 'generic', 4990]]);
    expect((await kit.post(crypto.randomUUID(), 'generic', '{}', { headers: {}, query: '' })).status).toBe(404);
    expect((await kit.post(plan.id, 'stripe' as Gateway, '{}', { headers: {}, query: '' })).status).toBe(404);
    const huge = await kit.deliverBody(plan, 'generic', genericBody('purchase.approved', 'pix-11', { padding: 'x'.repeat(300 * 1024) }));
    expect(huge.status).toBe(413);
  });

  test('an authentic but unusable delivery is kept "não processado" with its reason, and reprocessed once the plan is fixed', async () => {
    const plan = await newPlan({ gateways: gatewaySettings({ ...FIXTURE_PRODUCTS, kiwify: 'outro-produto' }) });
    const refused = await kit.deliver(plan, 'kiwify', 'kiwify-order-approved');
    const reason = WEBHOOK_REASONS.productMismatch(FIXTURE_PRODUCTS.kiwify, 'outro-produto');
    expect([refused.status, failureEnvelopeSchema.parse(refused.body).message]).toEqual([422, reason]);
    // The gateway retries: still one row.
    expect((await kit.deliver(plan, 'kiwify', 'kiwify-order-approved')).status).toBe(422);
    const malformed = await kit.deliverBody(plan, 'generic', '{"event": "purchase.approved",');
    expect([malformed.status, failureEnvelopeSchema.parse(malformed.body).message]).toEqual([400, WEBHOOK_TEXTS.bodyNotJson]);
    const log = await kit.log(`?planId=${plan.id}&status=NOT_PROCESSED`);
    expect(log.webhooks.map((hook) => [hook.gateway, hook.reason])).toEqual([['generic', WEBHOOK_TEXTS.bodyNotJson], ['kiwify', reason]]);
    expect(await kit.members(plan.id)).toEqual([]);

    const fixed = await bed.server.api(`/api/access/plans/${plan.id}`, { method: 'PUT', token: owner.auth.token, json: { gateways: { kiwify: { productId: FIXTURE_PRODUCTS.kiwify } } } });
    expect(fixed.status).toBe(200);
    const kiwifyHook = log.webhooks.find((hook) => hook.gateway === 'kiwify');
    // Two operators press "Reprocessar" at once: it applies once, the other is told it is done.
    const reprocess = () => bed.server.api(`/api/access/webhooks/${kiwifyHook?.id}/reprocess`, { method: 'POST', token: owner.auth.token });
    const [first, second] = await Promise.all([reprocess(), reprocess()]);
    const answers = [first, second].sort((a, b) => a.status - b.status);
    expect(answers.map((answer) => answer.status)).toEqual([200, 409]);
    const processed = webhookProcessedResponseSchema.parse(await answers[0]?.json()).data;
    expect([processed.webhook.id, processed.webhook.status, processed.webhook.reason, processed.member?.status]).toEqual([kiwifyHook?.id, 'PROCESSED', null, 'AWAITING_LINK']);
    expect(failureEnvelopeSchema.parse(await answers[1]?.json()).message).toBe(WEBHOOK_REASONS.notReprocessable);
    expect((await kit.deliver(plan, 'kiwify', 'kiwify-order-approved')).status).toBe(200);
    expect((await kit.members(plan.id)).map((member) => member.history.length)).toEqual([1]);
  });

  test('a refund that arrives before its purchase waits "não processado", and applies when reprocessed after it', async () => {
    const plan = await newPlan();
    const early = await kit.deliverBody(plan, 'generic', genericBody('purchase.refunded', 'pix-20'));
    expect([early.status, failureEnvelopeSchema.parse(early.body).message]).toEqual([422, WEBHOOK_REASONS.purchaseUnknown('pix-20')]);
    expect((await kit.deliverBody(plan, 'generic', genericBody('purchase.approved', 'pix-20'))).status).toBe(200);
    const [refund] = (await kit.log(`?planId=${plan.id}&status=NOT_PROCESSED`)).webhooks;
    const again = await bed.server.api(`/api/access/webhooks/${refund?.id}/reprocess`, { method: 'POST', token: owner.auth.token });
    const { webhook, member } = webhookProcessedResponseSchema.parse(await again.json()).data;
    expect([webhook.status, webhook.kind, member?.status]).toEqual(['PROCESSED', 'refunded', 'REFUNDED']);
    expect(member?.history.map((line) => line.status)).toEqual(['AWAITING_LINK', 'REFUNDED']);
  });

  test('an archived plan keeps its deliveries "não processado"; a late payment is a history line that keeps the access', async () => {
    const plan = await newPlan();
    expect((await kit.deliver(plan, 'kiwify', 'kiwify-order-approved')).status).toBe(200);
    expect((await kit.deliver(plan, 'kiwify', 'kiwify-subscription-late')).status).toBe(200);
    const [member] = await kit.members(plan.id);
    expect(member?.status).toBe('AWAITING_LINK');
    expect(member?.history.map((line) => [line.status, line.detail?.split(' · ')[0]])).toEqual([['AWAITING_LINK', 'Compra aprovada'], ['AWAITING_LINK', 'Pagamento atrasado']]);
    expect((await bed.server.api(`/api/access/plans/${plan.id}`, { method: 'DELETE', token: owner.auth.token })).status).toBe(200);
    const archived = await kit.deliver(plan, 'kiwify', 'kiwify-order-refunded');
    expect([archived.status, failureEnvelopeSchema.parse(archived.body).message]).toEqual([422, WEBHOOK_REASONS.archived]);
    expect((await kit.members(plan.id))[0]?.status).toBe('AWAITING_LINK');
  });
});
