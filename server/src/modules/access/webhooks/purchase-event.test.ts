/**
 * The ad loop and the test button (docs/product.md#acessos): a paid charge of a plan with a pixel reaches Meta once
 * as a `Purchase` with its value, currency, hashed e-mail and phone and an event_id of the gateway's charge, matched
 * to the funnel visit when the access carries one; a refund, a retry and a test purchase never do. "Enviar compra de
 * teste" goes through the real pipeline, and is refused while the gateway's token is missing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { planResponseSchema, type Plan } from '@shared/access/plans.ts';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { webhookProcessedResponseSchema } from '@shared/access/webhook-log.ts';
import { createFakeGraph, type FakeGraph, type GraphEvent } from '../../../test-support/fake-graph.ts';
import { registerUser } from '../../../test-support/fixtures.ts';
import { FIXTURE_PRODUCTS, GATEWAY_TOKENS, webhookKit } from '../../../test-support/access-webhooks.ts';
import { SERVER_START_TIMEOUT_MS } from '../../../test-support/start-test-server.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../../test-support/telegram.ts';
import { WEBHOOK_REASONS } from './reasons.ts';

const META_PIXEL_ID = '555566667777888';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let graph: FakeGraph;
let bed: TelegramTestbed;
let owner: Awaited<ReturnType<typeof registeredBot>>;
let vipId: string;
let pixelId: string;
let kit: ReturnType<typeof webhookKit>;

beforeAll(async () => {
  graph = createFakeGraph();
  bed = await startTelegramTestbed(undefined, { env: { META_GRAPH_URL: graph.url } });
  owner = await registeredBot(bed);
  vipId = (await promotedChat(bed, owner, { type: 'supergroup', title: 'Grupo VIP' })).channel.id;
  const pixel = await bed.server.api('/api/pixels', { token: owner.auth.token, json: { name: 'Pixel VIP', pixelId: META_PIXEL_ID, accessToken: `EAAB${'t'.repeat(40)}` } });
  pixelId = String((await pixel.json()).data.pixel.id);
  kit = webhookKit(bed.server, () => owner.auth.token);
}, SERVER_START_TIMEOUT_MS);
afterAll(async () => {
  await bed.stop();
  await graph.stop();
});

async function newPlan(json: Record<string, unknown> = {}) {
  return bed.server.api('/api/access/plans', {
    token: owner.auth.token, json: { name: 'VIP Mensal', botId: owner.bot.id, channelIds: [vipId], durationDays: 30, pixelId, ...json },
  });
}
const created = async (json: Record<string, unknown> = {}): Promise<Plan> => planResponseSchema.parse(await (await newPlan(json)).json()).data.plan;

/** Waits until every event of the pixel's outbox has been sent, then answers Meta's Purchases. */
async function purchasesAtMeta(): Promise<GraphEvent[]> {
  await eventually('the outbox sent', async () => {
    const [row] = await bed.server.db.sql<{ unsent: number }[]>`select count(*)::int as unsent from pixel_events where pixel_id = ${pixelId} and status <> 'sent'`;
    return row?.unsent === 0;
  }, 15_000);
  return graph.events(META_PIXEL_ID).filter((event) => event.event_name === 'Purchase');
}
const userData = (event: GraphEvent | undefined) => Object(event?.user_data);

describe('the ad loop', () => {
  test("a plan's pixel is the workspace's: another workspace's is not found", async () => {
    const stranger = await registerUser(bed.server, 'Outra equipe');
    const theirs = await bed.server.api('/api/pixels', { token: stranger.tokens.accessToken, json: { name: 'Pixel deles', pixelId: '999988887777666', accessToken: `EAAB${'s'.repeat(40)}` } });
    const theirPixelId = String((await theirs.json()).data.pixel.id);
    expect((await newPlan({ pixelId: theirPixelId })).status).toBe(404);
    const plan = await created();
    const update = await bed.server.api(`/api/access/plans/${plan.id}`, { method: 'PUT', token: owner.auth.token, json: { pixelId: theirPixelId } });
    expect(update.status).toBe(404);
    expect((await created()).pixelId).toBe(pixelId);
  });

  test('an approved purchase reaches Meta once as a Purchase; its retry and its refund never do', async () => {
    const plan = await created({ gateways: { hotmart: { token: GATEWAY_TOKENS.hotmart, productId: FIXTURE_PRODUCTS.hotmart } } });
    expect((await kit.deliver(plan, 'hotmart', 'hotmart-purchase-approved')).status).toBe(200);
    expect((await kit.deliver(plan, 'hotmart', 'hotmart-purchase-approved')).status).toBe(200);
    expect((await kit.deliver(plan, 'hotmart', 'hotmart-purchase-refunded')).status).toBe(200);
    const sent = (await purchasesAtMeta()).filter((event) => event.event_id === 'purchase:hotmart:HP16015479281022');
    expect(sent.length).toBe(1);
    const [purchase] = sent;
    expect(purchase?.custom_data).toMatchObject({ value: 97.9, currency: 'BRL', order_id: 'HP16015479281022' });
    expect(purchase?.action_source).toBe('other');
    expect(userData(purchase)).toMatchObject({ em: sha256('maria.souza@example.com'), ph: sha256('5511987654321') });
    const [refunds] = await bed.server.db.sql<{ count: number }[]>`
      select count(*)::int as count from pixel_events where pixel_id = ${pixelId} and event_name <> 'Purchase'`;
    expect(refunds?.count).toBe(0);
  });

  test("a renewal of an access that came through a funnel carries the visit's click and the Telegram account", async () => {
    const plan = await created({ gateways: { hotmart: { token: GATEWAY_TOKENS.hotmart, productId: FIXTURE_PRODUCTS.hotmart } } });
    expect((await kit.deliver(plan, 'hotmart', 'hotmart-purchase-approved')).status).toBe(200);
    const funnel = await bed.server.api('/api/funnels', { token: owner.auth.token, json: { name: 'Funil VIP', botId: owner.bot.id, channelId: vipId, pixelIntegrationId: pixelId } });
    const funnelId = String((await funnel.json()).data.funnel.id);
    const visitId = crypto.randomUUID();
    await bed.server.db.sql`
      insert into funnel_visits (funnel_id, visit_id, url, last_url, fbp, fbc, ip, user_agent)
      values (${funnelId}, ${visitId}, 'https://exemplo.com/vip', 'https://exemplo.com/vip', 'fb.1.1700000000000.123', 'fb.1.1700000000000.AbC', '177.10.20.30', 'Mozilla/5.0')`;
    const [member] = await kit.members(plan.id);
    // What the claim does (the buyer opened the link that came from the funnel): the access knows both.
    await bed.server.db.sql`update access_members set funnel_visit_id = ${visitId}, telegram_id = 4242 where id = ${member?.id ?? ''}`;
    expect((await kit.deliver(plan, 'hotmart', 'hotmart-purchase-approved-recurrence')).status).toBe(200);
    const renewal = (await purchasesAtMeta()).find((event) => event.event_id === 'purchase:hotmart:HP17983728551094');
    expect(renewal?.action_source).toBe('system_generated');
    expect(userData(renewal)).toMatchObject({
      em: sha256('maria.souza@example.com'), external_id: sha256('4242'), fbp: 'fb.1.1700000000000.123', fbc: 'fb.1.1700000000000.AbC',
      client_ip_address: '177.10.20.30', client_user_agent: 'Mozilla/5.0',
    });
  });
  test("a purchase whose checkout link carried the funnel's visit (src) is that funnel's sale, matched at Meta to the click", async () => {
    const plan = await created({ name: 'VIP do anúncio' });
    const funnel = await bed.server.api('/api/funnels', { token: owner.auth.token, json: { name: 'Funil do anúncio', botId: owner.bot.id, channelId: vipId } });
    const funnelId = String((await funnel.json()).data.funnel.id);
    const visitId = crypto.randomUUID();
    await bed.server.db.sql`
      insert into funnel_visits (funnel_id, visit_id, url, last_url, fbp, fbc, ip, user_agent)
      values (${funnelId}, ${visitId}, 'https://exemplo.com/oferta', 'https://exemplo.com/oferta', 'fb.1.1700000000000.777', 'fb.1.1700000000000.Ad1', '177.1.2.3', 'Mozilla/5.0 (Android)')`;
    const purchase = (transactionId: string, src: string) =>
      JSON.stringify({ event: 'purchase.approved', transactionId, buyer: { email: `${transactionId}@exemplo.com` }, amount: 147, currency: 'BRL', src });
    expect((await kit.deliverBody(plan, 'generic', purchase('pix-anuncio', `cz${visitId.replaceAll('-', '')}`))).status).toBe(200);
    // A src that names no visit of this workspace attributes nothing.
    expect((await kit.deliverBody(plan, 'generic', purchase('pix-outro', `cz${crypto.randomUUID().replaceAll('-', '')}`))).status).toBe(200);
    const rows = await bed.server.db.sql<{ transactionId: string; visit: string | null }[]>`
      select transaction_id as "transactionId", funnel_visit_id as visit from access_members where plan_id = ${plan.id} order by transaction_id`;
    expect([...rows]).toEqual([{ transactionId: 'pix-anuncio', visit: visitId }, { transactionId: 'pix-outro', visit: null }]);

    const metrics = await bed.server.api(`/api/funnels/${funnelId}/metrics?days=7&tz=America/Sao_Paulo`, { token: owner.auth.token });
    const { sales } = Object((await metrics.json()).data.metrics);
    expect({ purchases: sales.purchases, revenueCents: sales.revenueCents }).toEqual({ purchases: 1, revenueCents: 14_700 });
    const sent = (await purchasesAtMeta()).find((event) => event.event_id === 'purchase:generic:pix-anuncio');
    expect(sent?.action_source).toBe('website');
    expect(userData(sent)).toMatchObject({ fbc: 'fb.1.1700000000000.Ad1', fbp: 'fb.1.1700000000000.777', client_ip_address: '177.1.2.3' });
  });
});

describe('the test purchase', () => {
  test("goes through the gateway's pipeline as a test, opens an access, and never reaches Meta", async () => {
    const gateways = {
      hotmart: { token: GATEWAY_TOKENS.hotmart, productId: FIXTURE_PRODUCTS.hotmart },
      kiwify: { token: GATEWAY_TOKENS.kiwify, productId: FIXTURE_PRODUCTS.kiwify },
      eduzz: { token: GATEWAY_TOKENS.eduzz },
    };
    const plan = await created({ priceCents: 4990, gateways });
    for (const gateway of ['hotmart', 'kiwify', 'eduzz', 'generic'] as const) {
      const answer = await bed.server.api(`/api/access/plans/${plan.id}/test-purchase`, { token: owner.auth.token, json: { gateway, email: `teste-${gateway}@exemplo.com` } });
      expect(answer.status).toBe(200);
      const { webhook, member } = webhookProcessedResponseSchema.parse(await answer.json()).data;
      expect([webhook.gateway, webhook.status, webhook.kind, webhook.test]).toEqual([gateway, 'PROCESSED', 'approved', true]);
      expect([member?.status, member?.email, member?.source, member?.amountCents]).toEqual(['AWAITING_LINK', `teste-${gateway}@exemplo.com`, gateway, 4990]);
      expect(member?.history[0]?.detail).toEndWith('(teste)');
    }
    const [tests] = await bed.server.db.sql<{ count: number }[]>`
      select count(*)::int as count from pixel_events where pixel_id = ${pixelId} and payload->'custom_data'->>'order_id' like 'TESTE-%'`;
    expect(tests?.count).toBe(0);
  });

  test("is refused in pt-BR while the gateway's token is not set", async () => {
    const plan = await created();
    const answer = await bed.server.api(`/api/access/plans/${plan.id}/test-purchase`, { token: owner.auth.token, json: { gateway: 'kiwify' } });
    expect([answer.status, failureEnvelopeSchema.parse(await answer.json()).message]).toEqual([422, WEBHOOK_REASONS.tokenMissing('Kiwify')]);
    expect(await kit.members(plan.id)).toEqual([]);
  });
});
