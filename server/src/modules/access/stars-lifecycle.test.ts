/**
 * Telegram Stars as a plan stops selling or an access ends (docs/decisions.md#paid-access): the channel subscription
 * link is revoked when Stars or the link is turned off, replaced by a new price or the plan archived (its subscribers
 * still renew); revoking an access bought by a subscription invoice stops its renewals; the entry links DMed after a
 * Stars payment are recorded, so someone else joining through a leaked one is removed and the buyer gets a fresh one.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { z } from 'zod';
import type { AccessMember } from '@shared/access/members.ts';
import { planResponseSchema } from '@shared/access/plans.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { startStarsBed, type StarsBed } from '../../test-support/stars-bed.ts';
import { eventually, type TelegramTestbed } from '../../test-support/telegram.ts';

let scene: StarsBed;
let bed: TelegramTestbed;
let owner: StarsBed['owner'];
let channel: StarsBed['channel'];
let group: StarsBed['group'];

beforeAll(async () => {
  scene = await startStarsBed({ channel: 'Canal Stars', group: 'Grupo Stars' });
  ({ bed, owner, channel, group } = scene);
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

const call = (method: string, path: string, json?: unknown) => scene.call(method, path, json);
const newPlan = (json: Record<string, unknown>) => scene.newPlan(json);
const membersOf = (planId: string) => scene.membersOf(planId);
const memberOf = (planId: string, telegramId: number, check?: (member: AccessMember) => boolean) => scene.memberOf(planId, telegramId, check);
const edit = async (planId: string, json: Record<string, unknown>) => {
  const answer = await call('PUT', `/access/plans/${planId}`, json);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return planResponseSchema.parse(answer.body).data.plan;
};
const revoked = (link: string | null) => bed.emulator.control.chatState(channel.chatId).inviteLinks.find((item) => item.invite_link === link)?.is_revoked === true;
const buyer = (name: string) => scene.buyer(name);
const statusIn = (chatId: number, userId: number) => bed.emulator.control.chatState(chatId).members.find((item) => item.user.id === userId)?.status;

/** Pays a plan's invoice as `userId` through /start plano_<id>; the DM with the entry links follows. */
async function payInvoice(userId: number, planId: string) {
  const since = bed.emulator.control.mark();
  bed.emulator.control.sendPrivateMessage({ from: userId, bot: owner.token, text: `/start plano_${planId}` });
  const offer = await bed.emulator.control.waitForSentMessage({ token: owner.token, chatId: userId, since });
  const link = z.object({ inline_keyboard: z.array(z.array(z.object({ url: z.string() }))) }).safeParse(offer.reply_markup);
  const afterOffer = bed.emulator.control.mark();
  const paid = link.success
    ? await bed.emulator.control.payInvoice({ userId, invoiceLink: link.data.inline_keyboard[0]?.[0]?.url ?? '' })
    : await bed.emulator.control.payInvoice({ userId, bot: owner.token, messageId: offer.messageId });
  if (paid.status !== 'paid') throw new Error(`payment ${paid.status}`);
  const dm = await bed.emulator.control.waitForSentMessage({ token: owner.token, chatId: userId, since: afterOffer, method: 'sendMessage' });
  return { paid, entry: /https:\/\/t\.me\/\+\S+/.exec(dm.text ?? '')?.[0] ?? '' };
}

describe('a subscription link that stops selling is revoked', () => {
  test('Stars off, a new price, the link off and archiving each revoke the link; its subscriber keeps renewing', async () => {
    const plan = await newPlan({ stars: { priceStars: 200, subscriptionLink: true } });
    const ana = buyer('Ana');
    const paid = bed.emulator.control.paySubscription({ userId: ana.id, inviteLink: plan.starsLink ?? '' });
    await memberOf(plan.id, ana.id);

    const off = await edit(plan.id, { stars: null });
    expect([off.starsLink, revoked(plan.starsLink)]).toEqual([null, true]);
    expect(() => bed.emulator.control.paySubscription({ userId: buyer('Bia').id, inviteLink: plan.starsLink ?? '' })).toThrow();
    const renewed = bed.emulator.control.renewSubscription({ userId: ana.id, chatId: channel.chatId });
    expect(renewed.untilDate).toBeGreaterThan(paid.untilDate);
    await memberOf(plan.id, ana.id, (member) => member.accessUntil === new Date(renewed.untilDate * 1000).toISOString());

    const back = await edit(plan.id, { stars: { priceStars: 200, subscriptionLink: true } });
    expect(back.starsLink).not.toBeNull();
    expect([back.starsLink === plan.starsLink, revoked(back.starsLink)]).toEqual([false, false]);
    const repriced = await edit(plan.id, { stars: { priceStars: 220, subscriptionLink: true } });
    expect([revoked(back.starsLink), revoked(repriced.starsLink)]).toEqual([true, false]);
    const invoiceOnly = await edit(plan.id, { stars: { priceStars: 220, subscriptionLink: false, invoice: true } });
    expect([invoiceOnly.starsLink, revoked(repriced.starsLink)]).toEqual([null, true]);

    const archivedPlan = await newPlan({ name: 'Arquivado', stars: { priceStars: 150, subscriptionLink: true } });
    expect((await call('DELETE', `/access/plans/${archivedPlan.id}`)).status).toBe(200);
    expect(revoked(archivedPlan.starsLink)).toBe(true);
  });
});

describe('revoking a Stars subscription access', () => {
  test('stops its renewals: Telegram charges the buyer no more', async () => {
    const plan = await newPlan({ name: 'Mensal', channelIds: [group.id], stars: { priceStars: 90, invoice: true } });
    const caio = buyer('Caio');
    const { paid } = await payInvoice(caio.id, plan.id);
    const member = await memberOf(plan.id, caio.id);
    const answer = await call('POST', `/access/members/${member.id}/revoke`, { reason: 'Pedido do suporte' });
    expect(answer.status).toBe(200);
    const cancels = bed.emulator.control.apiCalls({ token: owner.token, method: 'editUserStarSubscription' });
    expect(cancels.map((entry) => [Number(entry.params.user_id), String(entry.params.is_canceled)])).toEqual([[caio.id, 'true']]);
    expect(() => bed.emulator.control.renewBotSubscription({ telegramPaymentChargeId: paid.telegramPaymentChargeId })).toThrow(/canceled/);
    expect((await membersOf(plan.id)).map((item) => item.status)).toEqual(['REVOKED']);
  });
});

describe('entry links DMed after a Stars payment', () => {
  test('are recorded: someone else joining through one is removed and the buyer gets a fresh link', async () => {
    const plan = await newPlan({ name: 'Vitalício', channelIds: [group.id], lifetime: true, durationDays: undefined, stars: { priceStars: 500, invoice: true } });
    const dani = buyer('Dani');
    const { entry } = await payInvoice(dani.id, plan.id);
    const member = await memberOf(plan.id, dani.id);
    const [recorded] = await bed.server.db.sql<{ memberId: string }[]>`select member_id as "memberId" from access_invite_links where invite_link = ${entry}`;
    expect(recorded?.memberId).toBe(member.id);

    const thief = buyer('Intruso');
    const since = bed.emulator.control.mark();
    bed.emulator.control.joinByLink({ userId: thief.id, inviteLink: entry });
    await eventually('the thief out', () => statusIn(group.chatId, thief.id) === 'left');
    await eventually('the leaked link revoked', () => bed.emulator.control.chatState(group.chatId).inviteLinks.find((link) => link.invite_link === entry)?.is_revoked === true);
    const fresh = await bed.emulator.control.waitForSentMessage({ token: owner.token, chatId: dani.id, since });
    const next = /https:\/\/t\.me\/\+\S+/.exec(fresh.text ?? '')?.[0] ?? '';
    expect(next).not.toBe(entry);
    bed.emulator.control.joinByLink({ userId: dani.id, inviteLink: next });
    await eventually('the buyer in', () => statusIn(group.chatId, dani.id) === 'member');
  });
});
