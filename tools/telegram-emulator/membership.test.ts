import { describe, expect, test } from 'bun:test';
import type { Update } from 'grammy/types';
import { grammyBot, useEmulator } from './test-support.ts';

const emulator = useEmulator();
const { control } = emulator;
const ALL = ['message', 'callback_query', 'my_chat_member', 'chat_member', 'chat_join_request'] as const;

function setup(type: 'channel' | 'supergroup' = 'channel') {
  const created = control.createBot({ username: 'porteiro_bot' });
  const bot = grammyBot(emulator, created.token);
  const owner = control.createUser({ first_name: 'Dona' });
  const chat = control.createChat({ type, title: 'Canal VIP', creatorId: owner.id });
  return { token: created.token, botId: created.id, bot, owner, chat };
}

async function drain(bot: ReturnType<typeof grammyBot>): Promise<Update[]> {
  const updates = await bot.api.getUpdates({ allowed_updates: [...ALL] });
  if (updates.length > 0) await bot.api.getUpdates({ offset: (updates.at(-1)?.update_id ?? 0) + 1 });
  return updates;
}

describe('membership and join requests', () => {
  test('promoting the bot emits my_chat_member with old and new member objects and admin rights', async () => {
    const { token, bot, owner, chat, botId } = setup();
    control.promoteBot({ chatId: chat.id, bot: token, rights: { can_post_messages: true, can_invite_users: true } });
    const [update] = await drain(bot);
    const change = update?.my_chat_member;
    expect(change?.chat).toEqual({ id: chat.id, type: 'channel', title: 'Canal VIP' });
    expect(change?.from.id).toBe(owner.id);
    expect(change?.old_chat_member).toEqual({ status: 'left', user: { id: botId, is_bot: true, first_name: 'porteiro_bot', username: 'porteiro_bot' } });
    expect(change?.new_chat_member).toMatchObject({ status: 'administrator', can_invite_users: true, can_post_messages: true, can_be_edited: false });
    control.demoteBot({ chatId: chat.id, bot: token });
    const [demoted] = await drain(bot);
    expect([demoted?.my_chat_member?.old_chat_member.status, demoted?.my_chat_member?.new_chat_member.status]).toEqual(['administrator', 'left']);
  });

  test('a join request approved by the bot produces chat_member with via_join_request', async () => {
    const { token, bot, chat } = setup();
    control.promoteBot({ chatId: chat.id, bot: token });
    const user = control.createUser({ first_name: 'Eva', username: 'eva' });
    control.requestJoin({ userId: user.id, chatId: chat.id, bio: 'Oi!' });
    const updates = await drain(bot);
    const request = updates.find((u) => u.chat_join_request)?.chat_join_request;
    expect(request).toMatchObject({ chat: { id: chat.id, type: 'channel' }, from: { id: user.id }, user_chat_id: user.id, bio: 'Oi!' });
    expect(await bot.api.approveChatJoinRequest(chat.id, user.id)).toBe(true);
    const [joined] = await drain(bot);
    expect(joined?.chat_member).toMatchObject({
      chat: { id: chat.id }, old_chat_member: { status: 'left' }, new_chat_member: { status: 'member', user: { id: user.id } },
      via_join_request: true,
    });
    expect(joined?.chat_member?.invite_link).toBeUndefined();
    await expect(bot.api.approveChatJoinRequest(chat.id, user.id)).rejects.toMatchObject({ description: 'Bad Request: USER_ALREADY_PARTICIPANT' });
    await expect(bot.api.declineChatJoinRequest(chat.id, 42)).rejects.toMatchObject({ description: 'Bad Request: USER_ID_INVALID' });
  });

  test('joining through an invite link carries the link; links of other admins are shown truncated', async () => {
    const { token, bot, chat } = setup('supergroup');
    control.promoteBot({ chatId: chat.id, bot: token });
    const other = control.createBot({ username: 'outro_bot' });
    control.promoteBot({ chatId: chat.id, bot: other.token });
    const link = await bot.api.createChatInviteLink(chat.id, { name: 'Instagram', member_limit: 10 });
    expect(link).toMatchObject({ name: 'Instagram', member_limit: 10, creates_join_request: false, is_primary: false, is_revoked: false });
    await drain(bot);
    const otherBot = grammyBot(emulator, other.token);
    await drain(otherBot);
    const user = control.createUser({ first_name: 'Fabio' });
    expect(control.joinByLink({ userId: user.id, inviteLink: link.invite_link })).toEqual({ status: 'joined', chatId: chat.id });
    const updates = await drain(bot);
    const member = updates.find((u) => u.chat_member)?.chat_member;
    expect(member?.invite_link?.invite_link).toBe(link.invite_link);
    expect(member?.from.id).toBe(user.id);
    expect(updates.find((u) => u.message?.new_chat_members)?.message?.new_chat_members?.[0]?.id).toBe(user.id);
    const seenByOther = (await drain(otherBot)).find((u) => u.chat_member)?.chat_member;
    expect(seenByOther?.invite_link?.invite_link.endsWith('...')).toBe(true);
  });

  test('a creates_join_request link produces chat_join_request with the link, approval reports it too', async () => {
    const { token, bot, chat, owner } = setup();
    control.promoteBot({ chatId: chat.id, bot: token });
    const link = await bot.api.createChatInviteLink(chat.id, { creates_join_request: true });
    await drain(bot);
    const user = control.createUser({ first_name: 'Gabi' });
    expect(control.joinByLink({ userId: user.id, inviteLink: link.invite_link }).status).toBe('requested');
    const request = (await drain(bot)).find((u) => u.chat_join_request)?.chat_join_request;
    expect(request?.invite_link).toMatchObject({ invite_link: link.invite_link, creates_join_request: true, pending_join_request_count: 1 });
    control.approveJoinRequest({ chatId: chat.id, userId: user.id });
    const member = (await drain(bot)).find((u) => u.chat_member)?.chat_member;
    expect(member?.from.id).toBe(owner.id);
    expect(member?.invite_link?.invite_link).toBe(link.invite_link);
    expect(member?.via_join_request).toBeUndefined();
  });

  test('invite link options follow Telegram rules', async () => {
    const { token, bot, chat } = setup();
    control.promoteBot({ chatId: chat.id, bot: token });
    await expect(bot.api.createChatInviteLink(chat.id, { creates_join_request: true, member_limit: 5 })).rejects.toMatchObject({ error_code: 400 });
    await expect(bot.api.createChatInviteLink(chat.id, { name: 'x'.repeat(33) })).rejects.toMatchObject({ error_code: 400 });
    await expect(bot.api.createChatInviteLink(chat.id, { member_limit: 100_000 })).rejects.toMatchObject({ error_code: 400 });
    const link = await bot.api.createChatInviteLink(chat.id, {});
    expect((await bot.api.revokeChatInviteLink(chat.id, link.invite_link)).is_revoked).toBe(true);
    const user = control.createUser({ first_name: 'Hugo' });
    expect(() => control.joinByLink({ userId: user.id, inviteLink: link.invite_link })).toThrow(/INVITE_HASH_EXPIRED/);
  });

  test('a bot without can_invite_users cannot manage links', async () => {
    const { token, bot, chat } = setup();
    control.promoteBot({ chatId: chat.id, bot: token, rights: { can_invite_users: false } });
    await expect(bot.api.createChatInviteLink(chat.id, {})).rejects.toMatchObject({ description: 'Bad Request: CHAT_ADMIN_REQUIRED' });
  });

  test('getChat, getChatMember, getChatAdministrators and getChatMemberCount reflect the chat', async () => {
    const { token, bot, chat, owner } = setup('supergroup');
    control.addBot({ chatId: chat.id, bot: token });
    const user = control.createUser({ first_name: 'Iris' });
    control.joinChat({ userId: user.id, chatId: chat.id });
    expect(await bot.api.getChat(chat.id)).toMatchObject({ id: chat.id, type: 'supergroup', title: 'Canal VIP' });
    expect(await bot.api.getChatMember(chat.id, user.id)).toMatchObject({ status: 'member', user: { id: user.id } });
    expect(await bot.api.getChatMemberCount(chat.id)).toBe(3);
    const admins = await bot.api.getChatAdministrators(chat.id);
    expect(admins.map((a) => [a.status, a.user.id])).toEqual([['creator', owner.id]]);
    control.leaveChat({ userId: user.id, chatId: chat.id });
    expect((await bot.api.getChatMember(chat.id, user.id)).status).toBe('left');
  });

  test('a group member bot in privacy mode sees commands but not chatter; an admin bot sees everything', async () => {
    const { token, bot, chat, owner } = setup('supergroup');
    control.addBot({ chatId: chat.id, bot: token });
    await drain(bot);
    control.sendChatMessage({ from: owner.id, chatId: chat.id, text: 'bom dia' });
    control.sendChatMessage({ from: owner.id, chatId: chat.id, text: '/regras' });
    expect((await drain(bot)).map((u) => u.message?.text)).toEqual(['/regras']);
    control.promoteBot({ chatId: chat.id, bot: token });
    await drain(bot);
    control.sendChatMessage({ from: owner.id, chatId: chat.id, text: 'boa tarde' });
    expect((await drain(bot)).map((u) => u.message?.text)).toEqual(['boa tarde']);
  });
});
