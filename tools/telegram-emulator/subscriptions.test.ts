import { describe, expect, test } from 'bun:test';
import type { ChatMemberUpdated, Update } from 'grammy/types';
import { grammyBot, useEmulator } from './test-support.ts';

const emulator = useEmulator();
const { control } = emulator;
const PERIOD = 2_592_000;

async function setup() {
  const created = control.createBot({ username: 'porteiro_bot' });
  const bot = grammyBot(emulator, created.token);
  const chat = control.createChat({ type: 'channel', title: 'Canal VIP' });
  control.promoteBot({ chatId: chat.id, bot: created.token });
  await bot.api.getUpdates({ allowed_updates: ['chat_member'] });
  const link = await bot.api.createChatSubscriptionInviteLink(chat.id, PERIOD, 200, { name: 'VIP' });
  const user = control.createUser({ first_name: 'Ana' });
  return { bot, chat, link, user };
}

async function memberUpdates(bot: ReturnType<typeof grammyBot>): Promise<ChatMemberUpdated[]> {
  const updates: Update[] = await bot.api.getUpdates();
  if (updates.length > 0) await bot.api.getUpdates({ offset: (updates.at(-1)?.update_id ?? 0) + 1 });
  return updates.flatMap((u) => (u.chat_member ? [u.chat_member] : []));
}

describe('channel subscriptions paid in Stars', () => {
  test('paying the link joins the user with until_date; chat_member carries the subscription link', async () => {
    const { bot, chat, link, user } = await setup();
    const paid = control.paySubscription({ userId: user.id, inviteLink: link.invite_link });
    const now = Math.floor(Date.now() / 1000);
    expect(paid).toMatchObject({ status: 'joined', chatId: chat.id });
    expect(paid.untilDate).toBeGreaterThanOrEqual(now + PERIOD - 5);
    const [joined] = await memberUpdates(bot);
    expect(joined).toMatchObject({
      from: { id: user.id }, old_chat_member: { status: 'left' },
      new_chat_member: { status: 'member', until_date: paid.untilDate },
      invite_link: { invite_link: link.invite_link, subscription_period: PERIOD, subscription_price: 200 },
    });
    expect(await bot.api.getChatMember(chat.id, user.id)).toMatchObject({ status: 'member', until_date: paid.untilDate });
    expect(control.starPayments({ chatId: chat.id })).toMatchObject([{ kind: 'channel_subscription', amount: 200, userId: user.id, inviteLink: link.invite_link }]);
    expect(() => control.paySubscription({ userId: user.id, inviteLink: link.invite_link })).toThrow(/USER_ALREADY_PARTICIPANT/);
  });

  test('a renewal moves until_date one period on and tells administrator bots', async () => {
    const { bot, chat, link, user } = await setup();
    const paid = control.paySubscription({ userId: user.id, inviteLink: link.invite_link });
    await memberUpdates(bot);
    expect(control.renewSubscription({ userId: user.id, chatId: chat.id })).toEqual({ untilDate: paid.untilDate + PERIOD });
    const [renewed] = await memberUpdates(bot);
    expect(renewed).toMatchObject({ old_chat_member: { until_date: paid.untilDate }, new_chat_member: { status: 'member', until_date: paid.untilDate + PERIOD } });
  });

  test('advancing time renews an auto-renewing subscription and ends a canceled one', async () => {
    const { bot, chat, link, user } = await setup();
    const other = control.createUser({ first_name: 'Beto' });
    const first = control.paySubscription({ userId: user.id, inviteLink: link.invite_link });
    control.paySubscription({ userId: other.id, inviteLink: link.invite_link });
    control.cancelSubscription({ userId: other.id, chatId: chat.id });
    await memberUpdates(bot);
    control.advanceTime((PERIOD + 60) * 1000);
    const changes = await memberUpdates(bot);
    expect(changes.map((c) => [c.new_chat_member.user.id, c.new_chat_member.status])).toEqual([[user.id, 'member'], [other.id, 'left']]);
    expect(await bot.api.getChatMember(chat.id, user.id)).toMatchObject({ status: 'member', until_date: first.untilDate + PERIOD });
    expect((await bot.api.getChatMember(chat.id, other.id)).status).toBe('left');
    expect(control.starPayments({ chatId: chat.id })).toHaveLength(3);
  });

  test('expireSubscription ends it now; the user may pay again; a revoked link takes no new subscribers', async () => {
    const { bot, chat, link, user } = await setup();
    control.paySubscription({ userId: user.id, inviteLink: link.invite_link });
    await memberUpdates(bot);
    control.expireSubscription({ userId: user.id, chatId: chat.id });
    const [left] = await memberUpdates(bot);
    expect([left?.old_chat_member.status, left?.new_chat_member.status]).toEqual(['member', 'left']);
    expect(() => control.expireSubscription({ userId: user.id, chatId: chat.id })).toThrow(/no subscription/);
    expect(control.paySubscription({ userId: user.id, inviteLink: link.invite_link }).status).toBe('joined');
    await bot.api.revokeChatInviteLink(chat.id, link.invite_link);
    const late = control.createUser({ first_name: 'Caio' });
    expect(() => control.paySubscription({ userId: late.id, inviteLink: link.invite_link })).toThrow(/revoked/);
    const plain = await bot.api.createChatInviteLink(chat.id, {});
    expect(() => control.paySubscription({ userId: late.id, inviteLink: plain.invite_link })).toThrow(/not a subscription link/);
  });

  test('over HTTP: pay-subscription, renew-subscription, expire-subscription', async () => {
    const { chat, link, user } = await setup();
    const post = (endpoint: string, body: unknown) =>
      fetch(`${emulator.url}/control/${endpoint}`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json());
    const paid = await post('pay-subscription', { userId: user.id, inviteLink: link.invite_link });
    expect(paid.result).toMatchObject({ status: 'joined', chatId: chat.id });
    expect((await post('renew-subscription', { userId: user.id, chatId: chat.id })).result).toEqual({ untilDate: paid.result.untilDate + PERIOD });
    expect(await post('cancel-subscription', { userId: user.id, chatId: chat.id })).toEqual({ ok: true, result: true });
    expect(await post('expire-subscription', { userId: user.id, chatId: chat.id })).toEqual({ ok: true, result: true });
    expect(control.chatState(chat.id).members.find((m) => m.user.id === user.id)?.status).toBe('left');
    const listed = await fetch(`${emulator.url}/control`).then((r) => r.json());
    expect(listed.result).toEqual(expect.arrayContaining(['/control/pay-invoice', '/control/pay-subscription', '/control/refunds', '/control/star-payments']));
  });
});
