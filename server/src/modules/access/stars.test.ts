/**
 * Telegram Stars over the real server and the Bot API emulator (docs/decisions.md#paid-access): a plan's channel
 * subscription link created on save, its joins, renewals and end becoming an access; an invoice in the bot,
 * pre-checkout, payment, the DMed entry links and renewals; refunds from the member's page.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { accessMemberResponseSchema, type AccessMember } from '@shared/access/members.ts';
import { planResponseSchema } from '@shared/access/plans.ts';
import { STARS_BOT_TEXTS, STARS_TEXTS } from '@shared/access/stars.ts';
import { failureEnvelopeSchema, successEnvelope } from '@shared/api/envelope.ts';
import { auditPageSchema } from '@shared/audit/schemas.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { startStarsBed, type StarsBed } from '../../test-support/stars-bed.ts';
import { eventually, promotedChat, registeredBot, type TelegramTestbed } from '../../test-support/telegram.ts';
import { starsPurchases } from './stars-purchases.ts';

let scene: StarsBed;
let bed: TelegramTestbed;
let owner: StarsBed['owner'];
let channel: StarsBed['channel'];
let group: StarsBed['group'];

beforeAll(async () => {
  scene = await startStarsBed();
  ({ bed, owner, channel, group } = scene);
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

const call = (method: string, path: string, json?: unknown) => scene.call(method, path, json);
const newPlan = (json: Record<string, unknown>) => scene.newPlan(json);
const membersOf = (planId: string) => scene.membersOf(planId);
const memberOf = (planId: string, telegramId: number, check?: (member: AccessMember) => boolean) => scene.memberOf(planId, telegramId, check);
const subscriptionLinks = () => bed.emulator.control.chatState(channel.chatId).inviteLinks.filter((link) => link.subscription_period !== undefined);
const buyer = (name: string) => scene.buyer(name);

describe('channel subscription link', () => {
  test('saving a plan creates the channel subscription link (30 days, its price) and answers it; groups are refused', async () => {
    const plan = await newPlan({ stars: { priceStars: 250, subscriptionLink: true } });
    expect(plan.stars).toEqual({ priceStars: 250, subscriptionLink: true, invoice: false });
    expect(plan.starsLink).toMatch(/^https:\/\/t\.me\/\+/);
    expect(plan.starsInvoiceLink).toBeNull();
    const created = subscriptionLinks().find((link) => link.invite_link === plan.starsLink);
    expect([created?.subscription_period, created?.subscription_price]).toEqual([2_592_000, 250]);

    const renamed = planResponseSchema.parse((await call('PUT', `/access/plans/${plan.id}`, { name: 'VIP Stars 2' })).body).data.plan;
    expect(renamed.starsLink).toBe(plan.starsLink);
    const repriced = planResponseSchema.parse((await call('PUT', `/access/plans/${plan.id}`, { stars: { priceStars: 300, subscriptionLink: true } })).body).data.plan;
    expect(repriced.starsLink).not.toBe(plan.starsLink);
    expect(subscriptionLinks().find((link) => link.invite_link === repriced.starsLink)?.subscription_price).toBe(300);

    const inGroup = await call('POST', '/access/plans', { name: 'Grupo', botId: owner.bot.id, channelIds: [group.id], durationDays: 30, stars: { priceStars: 10, subscriptionLink: true } });
    expect([inGroup.status, failureEnvelopeSchema.parse(inGroup.body).message]).toEqual([422, STARS_TEXTS.linkChannelsOnly]);
    const twoChats = await call('POST', '/access/plans', { name: 'Dois', botId: owner.bot.id, channelIds: [channel.id, group.id], durationDays: 30, stars: { priceStars: 10, subscriptionLink: true } });
    expect([twoChats.status, failureEnvelopeSchema.parse(twoChats.body).message]).toEqual([422, STARS_TEXTS.linkNeedsOneChannel]);
    const neither = await call('POST', '/access/plans', { name: 'Nada', botId: owner.bot.id, channelIds: [channel.id], durationDays: 30, stars: { priceStars: 10 } });
    expect([neither.status, failureEnvelopeSchema.parse(neither.body).details?.['stars.invoice']]).toEqual([400, STARS_TEXTS.noWay]);
    const price = await call('POST', '/access/plans', { name: 'Caro', botId: owner.bot.id, channelIds: [channel.id], durationDays: 30, stars: { priceStars: 10_001, invoice: true } });
    expect([price.status, failureEnvelopeSchema.parse(price.body).details?.['stars.priceStars']]).toEqual([400, STARS_TEXTS.priceInvalid]);
  });

  test('paying the link makes an ACTIVE access until until_date; a renewal extends it; the end of the subscription ends it', async () => {
    const plan = await newPlan({ name: 'Canal por assinatura', stars: { priceStars: 120, subscriptionLink: true } });
    const ana = buyer('Ana');
    const paid = bed.emulator.control.paySubscription({ userId: ana.id, inviteLink: plan.starsLink ?? '' });
    const joined = await memberOf(plan.id, ana.id);
    expect({ status: joined.status, source: joined.source, accessUntil: joined.accessUntil, claimLink: joined.claimLink, currency: joined.currency, amount: joined.amountCents })
      .toEqual({ status: 'ACTIVE', source: 'stars', accessUntil: new Date(paid.untilDate * 1000).toISOString(), claimLink: null, currency: 'XTR', amount: 120 });

    const renewed = bed.emulator.control.renewSubscription({ userId: ana.id, chatId: channel.chatId });
    expect(renewed.untilDate).toBeGreaterThan(paid.untilDate);
    const extended = await memberOf(plan.id, ana.id, (member) => member.accessUntil === new Date(renewed.untilDate * 1000).toISOString());
    expect(extended.status).toBe('ACTIVE');

    // A new price makes a new link; a subscriber of the old one keeps renewing into the same access.
    const repriced = planResponseSchema.parse((await call('PUT', `/access/plans/${plan.id}`, { stars: { priceStars: 130, subscriptionLink: true } })).body).data.plan;
    expect(repriced.starsLink).not.toBe(plan.starsLink);
    const again = bed.emulator.control.renewSubscription({ userId: ana.id, chatId: channel.chatId });
    await memberOf(plan.id, ana.id, (member) => member.accessUntil === new Date(again.untilDate * 1000).toISOString());

    bed.emulator.control.expireSubscription({ userId: ana.id, chatId: channel.chatId });
    const ended = await memberOf(plan.id, ana.id, (member) => member.status === 'EXPIRED');
    expect(ended.history.map((event) => [event.status, event.cause])).toEqual([['ACTIVE', 'telegram'], ['ACTIVE', 'telegram'], ['ACTIVE', 'telegram'], ['EXPIRED', 'telegram']]);
    expect((await membersOf(plan.id)).length).toBe(1);
  });
});

/** The bot's answer to /start plano_<id>: an invoice message, or a button to a subscription invoice link. */
async function askInvoice(userId: number, planId: string) {
  const since = bed.emulator.control.mark();
  bed.emulator.control.sendPrivateMessage({ from: userId, bot: owner.token, text: `/start plano_${planId}` });
  return bed.emulator.control.waitForSentMessage({ token: owner.token, chatId: userId, since });
}

const inlineButtons = z.object({ inline_keyboard: z.array(z.array(z.object({ url: z.string() }))) });
const buttonUrl = (markup: unknown) => inlineButtons.parse(markup).inline_keyboard[0]?.[0]?.url ?? '';

describe('invoice in the bot', () => {
  test('a 30-day plan sells a subscription invoice: pre-checkout accepted, payment → ACTIVE access and single-use links DMed; renewals extend', async () => {
    const plan = await newPlan({ name: 'Grupo mensal', channelIds: [group.id], stars: { priceStars: 90, invoice: true } });
    expect(plan.starsInvoiceLink).toBe(`https://t.me/${owner.username}?start=plano_${plan.id}`);
    const bia = buyer('Bia');
    const offer = await askInvoice(bia.id, plan.id);
    expect(offer.text).toContain('Grupo mensal');
    const link = buttonUrl(offer.reply_markup);
    expect(link).toMatch(/^https:\/\/t\.me\/\$/);

    const since = bed.emulator.control.mark();
    const paid = await bed.emulator.control.payInvoice({ userId: bia.id, invoiceLink: link });
    if (paid.status !== 'paid') throw new Error(`payment ${paid.status}`);
    const member = await memberOf(plan.id, bia.id);
    expect({ status: member.status, source: member.source, transactionId: member.transactionId, amount: member.amountCents, currency: member.currency, accessUntil: member.accessUntil })
      .toEqual({ status: 'ACTIVE', source: 'stars', transactionId: paid.telegramPaymentChargeId, amount: 90, currency: 'XTR', accessUntil: new Date((paid.subscriptionExpirationDate ?? 0) * 1000).toISOString() });
    const dm = await bed.emulator.control.waitForSentMessage({ token: owner.token, chatId: bia.id, since, method: 'sendMessage' });
    const entry = /https:\/\/t\.me\/\+\S+/.exec(dm.text ?? '')?.[0] ?? '';
    expect(dm.text).toContain(STARS_BOT_TEXTS.paid('Grupo mensal'));
    const issued = bed.emulator.control.chatState(group.chatId).inviteLinks.find((item) => item.invite_link === entry);
    expect(issued?.member_limit).toBe(1);
    expect(issued?.expire_date).toBeGreaterThan(Date.now() / 1000);

    const renewal = bed.emulator.control.renewBotSubscription({ telegramPaymentChargeId: paid.telegramPaymentChargeId });
    const extended = await memberOf(plan.id, bia.id, (item) => item.accessUntil === new Date(renewal.subscriptionExpirationDate * 1000).toISOString());
    expect(extended.history.map((event) => event.detail)).toEqual(['Pago com Telegram Stars', 'Renovação paga com Telegram Stars']);
    expect((await membersOf(plan.id)).length).toBe(1);

    // A refund returns the latest period's Stars and stops the renewals: Telegram charges the buyer no more.
    const refunded = await call('POST', `/access/members/${member.id}/refund`);
    expect(accessMemberResponseSchema.parse(refunded.body).data.member.status).toBe('REFUNDED');
    expect(bed.emulator.control.refunds({ bot: owner.token }).map((payment) => payment.telegramPaymentChargeId)).toContain(renewal.telegramPaymentChargeId);
    expect(() => bed.emulator.control.renewBotSubscription({ telegramPaymentChargeId: paid.telegramPaymentChargeId })).toThrow(/canceled/);
  });

  test('a one-time invoice for a lifetime plan; an archived plan is declined at pre-checkout in pt-BR; a second delivery grants once', async () => {
    const plan = await newPlan({ name: 'Vitalício', channelIds: [group.id], durationDays: undefined, lifetime: true, stars: { priceStars: 500, invoice: true } });
    const caio = buyer('Caio');
    const invoice = await askInvoice(caio.id, plan.id);
    expect(invoice.method).toBe('sendInvoice');
    const paid = await bed.emulator.control.payInvoice({ userId: caio.id, bot: owner.token, messageId: invoice.messageId });
    if (paid.status !== 'paid') throw new Error(`payment ${paid.status}`);
    const member = await memberOf(plan.id, caio.id);
    expect([member.status, member.accessUntil, member.amountCents]).toEqual(['ACTIVE', null, 500]);

    const purchases = starsPurchases(bed.server.db.sql);
    const again = {
      botId: owner.bot.id, buyer: { telegramId: caio.id, firstName: 'Caio', lastName: null, username: null }, chargeId: paid.telegramPaymentChargeId,
      payload: `plano:${plan.id}`, amount: 500, currency: 'XTR', subscriptionExpirationDate: undefined, recurring: false,
    };
    expect(await purchases.paid(again)).toEqual({ kind: 'duplicate' });
    // A payment reaches only the plans of the bot that was paid.
    expect(await purchases.paid({ ...again, chargeId: 'outro-bot', botId: crypto.randomUUID() })).toEqual({ kind: 'unknown-plan' });
    const twice = await Promise.all([purchases.paid({ ...again, chargeId: 'carga-dupla' }), purchases.paid({ ...again, chargeId: 'carga-dupla' })]);
    expect(twice.map((outcome) => outcome.kind).sort()).toEqual(['duplicate', 'granted']);
    const after = await memberOf(plan.id, caio.id);
    expect(after.history.length).toBe(2);
    expect((await membersOf(plan.id)).length).toBe(1);

    const dani = buyer('Dani');
    const late = await askInvoice(dani.id, plan.id);
    expect((await call('DELETE', `/access/plans/${plan.id}`)).status).toBe(200);
    expect(await bed.emulator.control.payInvoice({ userId: dani.id, bot: owner.token, messageId: late.messageId })).toEqual({ status: 'declined', errorMessage: STARS_BOT_TEXTS.unavailable });
    expect((await membersOf(plan.id)).some((item) => item.telegramId === String(dani.id))).toBe(false);
  });
});

describe('what the bot sells', () => {
  test('/assinar offers every plan on sale; a new price declines an older invoice; Stars turned off sell nothing', async () => {
    const seller = await registeredBot(bed);
    const chat = (await promotedChat(bed, seller, { type: 'supergroup', title: 'Grupo do vendedor' })).channel.id;
    const plan = async (name: string, json: Record<string, unknown>) => {
      const answer = await bed.server.api('/api/access/plans', { token: seller.auth.token, json: { name, botId: seller.bot.id, channelIds: [chat], ...json } });
      return planResponseSchema.parse(await answer.json()).data.plan;
    };
    const gui = buyer('Gui');
    const ask = async (text: string, count: number) => {
      const since = bed.emulator.control.mark();
      bed.emulator.control.sendPrivateMessage({ from: gui.id, bot: seller.token, text });
      await eventually(`${count} answers to ${text}`, () => bed.emulator.control.sentMessages({ token: seller.token, chatId: gui.id }).filter((sent) => sent.seq > since).length >= count);
      return bed.emulator.control.sentMessages({ token: seller.token, chatId: gui.id }).filter((sent) => sent.seq > since);
    };
    expect((await ask('/assinar', 1)).map((sent) => sent.text)).toEqual([STARS_BOT_TEXTS.nothingToSell]);

    const monthly = await plan('Mensal', { durationDays: 30, stars: { priceStars: 30, invoice: true } });
    const weekly = await plan('Semanal', { durationDays: 7, stars: { priceStars: 10, invoice: true } });
    await plan('Sem Stars', { durationDays: 7 });
    const offers = await ask('/assinar', 2);
    expect(offers.map((sent) => [sent.method, sent.text])).toEqual([['sendMessage', 'Mensal\n\nAssinatura mensal: Grupo do vendedor'], ['sendInvoice', 'Semanal']]);

    const invoice = offers[1];
    await bed.server.api(`/api/access/plans/${weekly.id}`, { method: 'PUT', token: seller.auth.token, json: { stars: { priceStars: 12, invoice: true } } });
    expect(await bed.emulator.control.payInvoice({ userId: gui.id, bot: seller.token, messageId: invoice?.messageId ?? 0 })).toEqual({ status: 'declined', errorMessage: STARS_BOT_TEXTS.priceChanged });

    const off = await bed.server.api(`/api/access/plans/${monthly.id}`, { method: 'PUT', token: seller.auth.token, json: { stars: null } });
    expect(planResponseSchema.parse(await off.json()).data.plan).toMatchObject({ stars: null, starsLink: null, starsInvoiceLink: null });
    expect((await ask(`/start plano_${monthly.id}`, 1)).map((sent) => sent.text)).toEqual([STARS_BOT_TEXTS.unavailable]);
  });
});

describe('refund from the member page', () => {
  test('refunds the Stars once and ends the access; a second refund and other sources are refused in pt-BR', async () => {
    const plan = await newPlan({ name: 'Reembolsável', channelIds: [group.id], durationDays: 7, stars: { priceStars: 40, invoice: true } });
    const eva = buyer('Eva');
    const invoice = await askInvoice(eva.id, plan.id);
    const paid = await bed.emulator.control.payInvoice({ userId: eva.id, bot: owner.token, messageId: invoice.messageId });
    if (paid.status !== 'paid') throw new Error(`payment ${paid.status}`);
    const member = await memberOf(plan.id, eva.id);

    const refunded = await call('POST', `/access/members/${member.id}/refund`);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(accessMemberResponseSchema.parse(refunded.body).data.member.status).toBe('REFUNDED');
    const refundedCharges = () => bed.emulator.control.refunds({ bot: owner.token }).map((payment) => payment.telegramPaymentChargeId).filter((id) => id === paid.telegramPaymentChargeId);
    expect(refundedCharges()).toEqual([paid.telegramPaymentChargeId]);
    const again = await call('POST', `/access/members/${member.id}/refund`);
    expect([again.status, failureEnvelopeSchema.parse(again.body).message]).toEqual([409, STARS_TEXTS.alreadyRefunded]);
    // Telegram's own answer to a charge refunded already (our record lost it): refused, the access stays ended.
    await bed.server.db.sql`update access_star_payments set refunded_at = null where charge_id = ${paid.telegramPaymentChargeId}`;
    const telegramSays = await call('POST', `/access/members/${member.id}/refund`);
    expect([telegramSays.status, failureEnvelopeSchema.parse(telegramSays.body).message]).toEqual([409, STARS_TEXTS.alreadyRefunded]);
    expect(refundedCharges()).toEqual([paid.telegramPaymentChargeId]);

    const manual = accessMemberResponseSchema.parse((await call('POST', `/access/plans/${plan.id}/members`, { email: 'presente@exemplo.com', days: 3 })).body).data.member;
    const notStars = await call('POST', `/access/members/${manual.id}/refund`);
    expect([notStars.status, failureEnvelopeSchema.parse(notStars.body).message]).toEqual([422, STARS_TEXTS.notStars]);

    const log = successEnvelope(auditPageSchema).parse((await call('GET', '/team/audit?limit=100')).body).data.entries;
    expect(log.filter((entry) => entry.action === 'access.refund' && entry.targetId === member.id).map((entry) => entry.targetName)).toEqual(['Reembolsável']);
  });

  test('a channel subscription cannot be refunded by the bot', async () => {
    const plan = await newPlan({ name: 'Só canal', stars: { priceStars: 15, subscriptionLink: true } });
    const fabi = buyer('Fabi');
    bed.emulator.control.paySubscription({ userId: fabi.id, inviteLink: plan.starsLink ?? '' });
    const member = await memberOf(plan.id, fabi.id);
    const refused = await call('POST', `/access/members/${member.id}/refund`);
    expect([refused.status, failureEnvelopeSchema.parse(refused.body).message]).toEqual([422, STARS_TEXTS.linkNotRefundable]);
  });
});
