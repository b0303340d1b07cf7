import { describe, expect, test } from 'bun:test';
import type { Update } from 'grammy/types';
import { JoinRefusedError } from './control/control-membership.ts';
import { grammyBot, useEmulator } from './test-support.ts';

const emulator = useEmulator();
const { control } = emulator;
const WITH_MEMBERS = ['message', 'chat_member', 'chat_join_request', 'my_chat_member'] as const;

async function setup(type: 'channel' | 'supergroup' = 'supergroup') {
  const created = control.createBot({ username: 'porteiro_bot' });
  const bot = grammyBot(emulator, created.token);
  const chat = control.createChat({ type, title: 'VIP' });
  control.promoteBot({ chatId: chat.id, bot: created.token });
  await bot.api.getUpdates({ allowed_updates: [...WITH_MEMBERS] });
  return { token: created.token, bot, chat };
}

async function drain(bot: ReturnType<typeof grammyBot>): Promise<Update[]> {
  const updates = await bot.api.getUpdates();
  if (updates.length > 0) await bot.api.getUpdates({ offset: (updates.at(-1)?.update_id ?? 0) + 1 });
  return updates;
}

function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof JoinRefusedError) return error.reason;
    throw error;
  }
  return undefined;
}

describe('invite links', () => {
  test('member_limit counts the users who joined through the link and are still in the chat', async () => {
    const { bot, chat } = await setup();
    const link = await bot.api.createChatInviteLink(chat.id, { name: 'compra 42', member_limit: 1 });
    const buyer = control.createUser({ first_name: 'Ana' });
    const stranger = control.createUser({ first_name: 'Beto' });
    expect(control.joinByLink({ userId: buyer.id, inviteLink: link.invite_link }).status).toBe('joined');
    expect(refusal(() => control.joinByLink({ userId: stranger.id, inviteLink: link.invite_link }))).toBe('member_limit_reached');
    expect(() => control.joinByLink({ userId: stranger.id, inviteLink: link.invite_link })).toThrow('INVITE_HASH_EXPIRED: the link reached its member limit');
    control.leaveChat({ userId: buyer.id, chatId: chat.id });
    expect(control.joinByLink({ userId: stranger.id, inviteLink: link.invite_link }).status).toBe('joined');
  });

  test('an expired, a revoked and an unknown link are refused with the reason', async () => {
    const { bot, chat } = await setup();
    const user = control.createUser({ first_name: 'Caio' });
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await bot.api.createChatInviteLink(chat.id, { expire_date: now + 60 });
    expect(shortLived.expire_date).toBe(now + 60);
    control.advanceTime(61_000);
    expect(refusal(() => control.joinByLink({ userId: user.id, inviteLink: shortLived.invite_link }))).toBe('expired');
    const revoked = await bot.api.createChatInviteLink(chat.id, {});
    await bot.api.revokeChatInviteLink(chat.id, revoked.invite_link);
    expect(refusal(() => control.joinByLink({ userId: user.id, inviteLink: revoked.invite_link }))).toBe('revoked');
    expect(refusal(() => control.joinByLink({ userId: user.id, inviteLink: 'https://t.me/+nada' }))).toBe('unknown_link');
    await expect(bot.api.editChatInviteLink(chat.id, revoked.invite_link, { name: 'x' })).rejects.toMatchObject({ description: 'Bad Request: INVITE_HASH_EXPIRED' });
  });

  test('member_limit and creates_join_request exclude each other; edit replaces the options', async () => {
    const { bot, chat } = await setup();
    await expect(bot.api.createChatInviteLink(chat.id, { creates_join_request: true, member_limit: 1 })).rejects.toMatchObject({
      error_code: 400, description: "Bad Request: member_limit can't be specified for links requiring administrator approval",
    });
    const link = await bot.api.createChatInviteLink(chat.id, { member_limit: 3 });
    const edited = await bot.api.editChatInviteLink(chat.id, link.invite_link, { creates_join_request: true, name: 'aprovação' });
    expect(edited).toMatchObject({ invite_link: link.invite_link, creates_join_request: true, name: 'aprovação', pending_join_request_count: 0, is_primary: false });
    expect(edited.member_limit).toBeUndefined();
  });

  test('a join-request link asks, the bot approves, chat_member carries the link; a decline leaves the user out', async () => {
    const { bot, chat } = await setup();
    const link = await bot.api.createChatInviteLink(chat.id, { creates_join_request: true, name: 'compra 7' });
    const buyer = control.createUser({ first_name: 'Duda' });
    const other = control.createUser({ first_name: 'Enzo' });
    expect(control.joinByLink({ userId: buyer.id, inviteLink: link.invite_link }).status).toBe('requested');
    expect(control.joinByLink({ userId: other.id, inviteLink: link.invite_link }).status).toBe('requested');
    const requests = (await drain(bot)).flatMap((u) => (u.chat_join_request ? [u.chat_join_request] : []));
    expect(requests.map((r) => [r.from.id, r.invite_link?.invite_link, r.invite_link?.name])).toEqual([
      [buyer.id, link.invite_link, 'compra 7'], [other.id, link.invite_link, 'compra 7'],
    ]);
    await bot.api.approveChatJoinRequest(chat.id, buyer.id);
    await bot.api.declineChatJoinRequest(chat.id, other.id);
    const member = (await drain(bot)).find((u) => u.chat_member)?.chat_member;
    expect(member).toMatchObject({ new_chat_member: { status: 'member', user: { id: buyer.id } }, invite_link: { invite_link: link.invite_link } });
    expect((await bot.api.getChatMember(chat.id, other.id)).status).toBe('left');
  });

  test('subscription links: channels only, 30 days, 1-10000 Stars, the name is the only thing to edit', async () => {
    const { bot, chat } = await setup('channel');
    const link = await bot.api.createChatSubscriptionInviteLink(chat.id, 2_592_000, 250, { name: 'VIP mensal' });
    expect(link).toMatchObject({
      name: 'VIP mensal', subscription_period: 2_592_000, subscription_price: 250, is_primary: false, is_revoked: false, creates_join_request: false,
    });
    await expect(bot.api.createChatSubscriptionInviteLink(chat.id, 86_400, 250)).rejects.toMatchObject({ description: 'Bad Request: SUBSCRIPTION_PERIOD_INVALID' });
    await expect(bot.api.createChatSubscriptionInviteLink(chat.id, 2_592_000, 10_001)).rejects.toMatchObject({ description: 'Bad Request: SUBSCRIPTION_PRICE_INVALID' });
    await expect(bot.api.createChatSubscriptionInviteLink(chat.id, 2_592_000, 0)).rejects.toMatchObject({ error_code: 400 });
    const renamed = await bot.api.editChatSubscriptionInviteLink(chat.id, link.invite_link, { name: 'VIP' });
    expect(renamed).toMatchObject({ name: 'VIP', subscription_price: 250 });
    await expect(bot.api.editChatInviteLink(chat.id, link.invite_link, { member_limit: 5 })).rejects.toMatchObject({ error_code: 400 });
    const plain = await bot.api.createChatInviteLink(chat.id, {});
    await expect(bot.api.editChatSubscriptionInviteLink(chat.id, plain.invite_link, { name: 'x' })).rejects.toMatchObject({ error_code: 400 });
    const user = control.createUser({ first_name: 'Fábio' });
    expect(refusal(() => control.joinByLink({ userId: user.id, inviteLink: link.invite_link }))).toBe('payment_required');
    expect((await bot.api.revokeChatInviteLink(chat.id, link.invite_link)).is_revoked).toBe(true);
    const group = control.createChat({ type: 'supergroup', title: 'Grupo' });
    control.promoteBot({ chatId: group.id, bot: bot.token });
    await expect(bot.api.createChatSubscriptionInviteLink(group.id, 2_592_000, 250)).rejects.toMatchObject({ error_code: 400 });
  });

  test('over HTTP a refused join answers 400 with the reason', async () => {
    const { bot, chat } = await setup();
    const link = await bot.api.createChatInviteLink(chat.id, {});
    await bot.api.revokeChatInviteLink(chat.id, link.invite_link);
    const user = control.createUser({ first_name: 'Gil' });
    const response = await fetch(`${emulator.url}/control/join-by-link`, { method: 'POST', body: JSON.stringify({ userId: user.id, inviteLink: link.invite_link }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, error: 'INVITE_HASH_EXPIRED: the link was revoked', reason: 'revoked' });
  });
});
