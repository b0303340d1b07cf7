/**
 * The "Acesso pago" flow triggers through the real server and the Bot API emulator (docs/product.md#acessos): each
 * access event (payment approved, refund, late payment, expiry, the two reminders) makes the bot send the flow's
 * message to the buyer's private chat with the plan and dates filled in; reminders fire once per period and a
 * renewal re-arms them; a plan filter is respected; an access without a Telegram account fires nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { accessMemberListResponseSchema, type AccessMember } from '@shared/access/members.ts';
import { planResponseSchema, type Plan } from '@shared/access/plans.ts';
import { ACCESS_EVENT_LABELS, type AccessEvent } from '@shared/flows/access-events.ts';
import { FIXTURE_PRODUCTS, GATEWAY_TOKENS, webhookKit } from '../../../test-support/access-webhooks.ts';
import { flowBuilder } from '../../../test-support/flow-builder.ts';
import { SERVER_START_TIMEOUT_MS } from '../../../test-support/start-test-server.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../../test-support/telegram.ts';
import { sweepAccesses } from './expiry-sweep.ts';

let bed: TelegramTestbed;
let owner: Awaited<ReturnType<typeof registeredBot>>;
let kit: ReturnType<typeof webhookKit>;
let mensal: Plan;
let anual: Plan;

const DAY_MS = 86_400_000;
const dateOf = (at: Date) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);

async function newPlan(name: string, channelId: string): Promise<Plan> {
  const gateways = { kiwify: { token: GATEWAY_TOKENS.kiwify, productId: FIXTURE_PRODUCTS.kiwify } };
  const answer = await bed.server.api('/api/access/plans', { token: owner.auth.token, json: { name, botId: owner.bot.id, channelIds: [channelId], durationDays: 30, gateways } });
  expect(answer.status).toBe(201);
  return planResponseSchema.parse(await answer.json()).data.plan;
}

/** A private flow: the trigger of `event` (of `planId`, '' for any) → a text naming the event and every variable. */
async function accessFlow(event: AccessEvent, planId = '', tag = ACCESS_EVENT_LABELS[event]) {
  const build = flowBuilder(bed.server, owner.auth, owner.bot.id);
  const flowId = await build.flow({ name: `Acesso: ${tag}` });
  await build.chain(flowId, [
    await build.node(flowId, 'trigger_access', { event, planId }),
    await build.node(flowId, 'send_text', { message: `${tag}|{{contact.firstName}}|{{access.planName}}|{{access.daysLeft}}|{{access.until}}` }),
  ]);
  return flowId;
}

let tomorrowFlowId = '';

beforeAll(async () => {
  bed = await startTelegramTestbed();
  owner = await registeredBot(bed);
  const vip = await promotedChat(bed, owner, { type: 'supergroup', title: 'Grupo VIP' });
  const anualChat = await promotedChat(bed, owner, { type: 'supergroup', title: 'Grupo Anual' });
  kit = webhookKit(bed.server, () => owner.auth.token);
  mensal = await newPlan('VIP Mensal', vip.channel.id);
  anual = await newPlan('VIP Anual', anualChat.channel.id);
  await accessFlow('payment_approved');
  await accessFlow('refunded');
  await accessFlow('payment_late');
  await accessFlow('expired');
  await accessFlow('expires_in_3_days');
  tomorrowFlowId = await accessFlow('expires_tomorrow');
  await accessFlow('expired', mensal.id, 'Só mensal expirou');
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

const control = () => bed.emulator.control;
const sql = () => bed.server.db.sql;

const genericBody = (event: string, transactionId: string, email: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ event, transactionId, buyer: { email, name: 'Comprador Pix' }, amount: 49.9, currency: 'BRL', ...extra });

async function memberOf(planId: string, email: string): Promise<AccessMember> {
  const response = await bed.server.api(`/api/access/plans/${planId}/members?limit=100`, { token: owner.auth.token });
  const found = accessMemberListResponseSchema.parse(await response.json()).data.members.find((item) => item.email === email);
  if (!found) throw new Error(`no access for ${email}`);
  return found;
}

/** The flow texts the bot sent the user, oldest first (the claim's own reply is not a flow text: it has no "|"). */
const flowTexts = (userId: number) =>
  control().sentMessages({ token: owner.token, chatId: userId }).map((sent) => sent.text ?? '').filter((text) => text.includes('|'));

const waitText = (userId: number, prefix: string) => eventually(`"${prefix}" to ${userId}`, () => flowTexts(userId).find((text) => text.startsWith(`${prefix}|`)));

/** Every access event of this access has run (none queued or running), and at least `count` were written. */
async function eventsSettled(memberId: string, count = 1) {
  await eventually(`the access events of ${memberId}`, async () => {
    const rows = await sql()<{ status: string }[]>`select status from jobs where kind = 'access.event' and payload->>'memberId' = ${memberId}`;
    return rows.length >= count && rows.every((row) => row.status === 'done');
  });
}

/** A purchase by webhook whose buyer opened the claim link in the bot. */
async function claimedPurchase(plan: Plan, email: string, firstName: string, paidUntil: Date) {
  const bought = await kit.deliverBody(plan, 'generic', genericBody('purchase.approved', `tx-${email}`, email, { paidUntil: paidUntil.toISOString() }));
  expect(bought.status).toBe(200);
  const access = await memberOf(plan.id, email);
  const buyer = control().createUser({ first_name: firstName });
  const code = new URL(access.claimLink ?? '').searchParams.get('start') ?? '';
  control().sendPrivateMessage({ from: buyer.id, bot: owner.token, text: `/start ${code}` });
  return { access, buyer };
}

describe('payment triggers', () => {
  test('pagamento aprovado fires when the buyer links the purchase, and again on a renewal, with the plan and dates', async () => {
    const until = new Date(Date.now() + 10 * DAY_MS - 3_600_000);
    const { access, buyer } = await claimedPurchase(mensal, 'ana@exemplo.com', 'Ana', until);
    expect(await waitText(buyer.id, 'Pagamento aprovado')).toBe(`Pagamento aprovado|Ana|VIP Mensal|10|${dateOf(until)}`);

    const renewedUntil = new Date(until.getTime() + 30 * DAY_MS);
    const renewal = genericBody('subscription.renewed', 'tx-ana@exemplo.com', 'ana@exemplo.com', { paidUntil: renewedUntil.toISOString() });
    expect((await kit.deliverBody(mensal, 'generic', renewal)).status).toBe(200);
    await eventsSettled(access.id, 2);
    expect(flowTexts(buyer.id).filter((text) => text.startsWith('Pagamento aprovado|'))).toEqual([
      `Pagamento aprovado|Ana|VIP Mensal|10|${dateOf(until)}`,
      `Pagamento aprovado|Ana|VIP Mensal|40|${dateOf(renewedUntil)}`,
    ]);
  });

  test('reembolso fires on a refund; a chargeback is not a refund', async () => {
    const { access, buyer } = await claimedPurchase(mensal, 'bia@exemplo.com', 'Bia', new Date(Date.now() + 5 * DAY_MS));
    await waitText(buyer.id, 'Pagamento aprovado');
    expect((await kit.deliverBody(mensal, 'generic', genericBody('purchase.refunded', 'tx-bia@exemplo.com', 'bia@exemplo.com'))).status).toBe(200);
    expect(await waitText(buyer.id, 'Reembolso')).toStartWith('Reembolso|Bia|VIP Mensal|');
    await eventsSettled(access.id, 2);

    const other = await claimedPurchase(mensal, 'caio@exemplo.com', 'Caio', new Date(Date.now() + 5 * DAY_MS));
    await waitText(other.buyer.id, 'Pagamento aprovado');
    expect((await kit.deliverBody(mensal, 'generic', genericBody('purchase.chargeback', 'tx-caio@exemplo.com', 'caio@exemplo.com'))).status).toBe(200);
    await eventsSettled(other.access.id, 1);
    expect(flowTexts(other.buyer.id).map((text) => text.split('|')[0])).toEqual(['Pagamento aprovado']);
  });

  test("pagamento atrasado fires on Kiwify's subscription_late, the access unchanged", async () => {
    expect((await kit.deliver(mensal, 'kiwify', 'kiwify-order-approved')).status).toBe(200);
    const access = await memberOf(mensal.id, 'joao.pereira@example.com');
    const buyer = control().createUser({ first_name: 'João' });
    control().sendPrivateMessage({ from: buyer.id, bot: owner.token, text: `/start ${new URL(access.claimLink ?? '').searchParams.get('start')}` });
    await waitText(buyer.id, 'Pagamento aprovado');
    expect((await kit.deliver(mensal, 'kiwify', 'kiwify-subscription-late')).status).toBe(200);
    expect(await waitText(buyer.id, 'Pagamento atrasado')).toStartWith('Pagamento atrasado|João|VIP Mensal|');
    expect((await memberOf(mensal.id, 'joao.pereira@example.com')).status).toBe('ACTIVE');
  });

  test('an access without a Telegram account fires nothing', async () => {
    expect((await kit.deliverBody(mensal, 'generic', genericBody('purchase.approved', 'tx-sem-tg', 'semtg@exemplo.com'))).status).toBe(200);
    expect((await kit.deliverBody(mensal, 'generic', genericBody('purchase.refunded', 'tx-sem-tg', 'semtg@exemplo.com'))).status).toBe(200);
    const access = await memberOf(mensal.id, 'semtg@exemplo.com');
    expect(access.status).toBe('REFUNDED');
    expect(await sql()`select 1 from jobs where kind = 'access.event' and payload->>'memberId' = ${access.id}`).toHaveLength(0);
  });
});

describe('schedule triggers', () => {
  test('the reminders fire once per period, a renewal arms them again, and expiry fires "expirou"', async () => {
    const { access, buyer } = await claimedPurchase(mensal, 'duda@exemplo.com', 'Duda', new Date(Date.now() + 20 * DAY_MS));
    await waitText(buyer.id, 'Pagamento aprovado');
    const setUntil = async (ms: number) => {
      const [row] = await sql()<{ until: Date }[]>`update access_members set access_until = now() + ${`${ms} milliseconds`}::interval where id = ${access.id} returning access_until as until`;
      return row?.until ?? new Date();
    };

    const threeDays = await setUntil(3 * DAY_MS - 3_600_000);
    await sweepAccesses(sql());
    await sweepAccesses(sql());
    expect(await waitText(buyer.id, 'Expira em 3 dias')).toBe(`Expira em 3 dias|Duda|VIP Mensal|3|${dateOf(threeDays)}`);

    const tomorrow = await setUntil(DAY_MS - 3_600_000);
    await sweepAccesses(sql());
    expect(await waitText(buyer.id, 'Expira amanhã')).toBe(`Expira amanhã|Duda|VIP Mensal|1|${dateOf(tomorrow)}`);
    await sweepAccesses(sql());

    // A renewal moves access_until: the next period's reminder is due again, once.
    await setUntil(2 * DAY_MS);
    await sweepAccesses(sql());
    await sweepAccesses(sql());
    await eventsSettled(access.id, 4);
    expect(flowTexts(buyer.id).map((text) => text.split('|')[0])).toEqual(['Pagamento aprovado', 'Expira em 3 dias', 'Expira amanhã', 'Expira em 3 dias']);

    // Past access_until and the plan's grace: expired, and "expirou" (this plan's flow and the any-plan one).
    await sql()`update access_members set access_until = now() - interval '2 days' where id = ${access.id}`;
    await sweepAccesses(sql());
    await sweepAccesses(sql());
    expect(await waitText(buyer.id, 'Expirou')).toStartWith('Expirou|Duda|VIP Mensal|0|');
    await eventsSettled(access.id, 5);
    expect(flowTexts(buyer.id).filter((text) => text.includes('xpirou')).map((text) => text.split('|')[0]).sort()).toEqual(['Expirou', 'Só mensal expirou']);
  });

  test("a flow of one plan ignores another plan's accesses", async () => {
    const { access, buyer } = await claimedPurchase(anual, 'eva@exemplo.com', 'Eva', new Date(Date.now() + 20 * DAY_MS));
    await waitText(buyer.id, 'Pagamento aprovado');
    await sql()`update access_members set access_until = now() - interval '2 days' where id = ${access.id}`;
    await sweepAccesses(sql());
    expect(await waitText(buyer.id, 'Expirou')).toStartWith('Expirou|Eva|VIP Anual|0|');
    await eventsSettled(access.id, 2);
    expect(flowTexts(buyer.id).map((text) => text.split('|')[0])).toEqual(['Pagamento aprovado', 'Expirou']);
  });

  test('a reminder waits for an enabled flow that listens: one written during the window still reaches the access', async () => {
    const { access, buyer } = await claimedPurchase(anual, 'fabi@exemplo.com', 'Fabi', new Date(Date.now() + 20 * DAY_MS));
    await waitText(buyer.id, 'Pagamento aprovado');
    const toggle = (enabled: boolean) => bed.server.api(`/api/flows/${tomorrowFlowId}/toggle`, { method: 'PATCH', token: owner.auth.token, json: { enabled } });
    expect((await toggle(false)).status).toBe(200);
    await sql()`update access_members set access_until = now() + interval '20 hours' where id = ${access.id}`;
    await sweepAccesses(sql());
    expect(await sql()`select 1 from access_reminders where member_id = ${access.id}`).toHaveLength(0);

    expect((await toggle(true)).status).toBe(200);
    await sweepAccesses(sql());
    expect(await waitText(buyer.id, 'Expira amanhã')).toStartWith('Expira amanhã|Fabi|VIP Anual|1|');
  });
});
