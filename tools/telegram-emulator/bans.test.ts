import { describe, expect, test } from 'bun:test';
import type { Update } from 'grammy/types';
import { createTelegramEmulator } from './emulator.ts';
import { grammyBot, useEmulator } from './test-support.ts';

const emulator = useEmulator();
const { control } = emulator;

async function setup(type: 'channel' | 'supergroup' | 'group' = 'supergroup', rights = {}) {
  const created = control.createBot({ username: 'porteiro_bot' });
  const bot = grammyBot(emulator, created.token);
  const owner = control.createUser({ first_name: 'Dona' });
  const chat = control.createChat({ type, title: 'VIP', creatorId: owner.id });
  control.promoteBot({ chatId: chat.id, bot: created.token, rights });
  await bot.api.getUpdates({ allowed_updates: ['message', 'chat_member', 'channel_post'] });
  const user = control.createUser({ first_name: 'Ana' });
  control.joinChat({ userId: user.id, chatId: chat.id });
  await drain(bot);
  return { bot, chat, owner, user, botId: created.id };
}

async function drain(bot: ReturnType<typeof grammyBot>): Promise<Update[]> {
  const updates = await bot.api.getUpdates();
  if (updates.length > 0) await bot.api.getUpdates({ offset: (updates.at(-1)?.update_id ?? 0) + 1 });
  return updates;
}

const transitions = (updates: Update[]) =>
  updates.flatMap((u) => (u.chat_member ? [[u.chat_member.old_chat_member.status, u.chat_member.new_chat_member.status, u.chat_member.from.id]] : []));

describe('banChatMember and unbanChatMember', () => {
  test('a ban removes the member (chat_member member → kicked) and keeps them out of links until unbanned', async () => {
    const { bot, chat, user, botId } = await setup();
    const link = await bot.api.createChatInviteLink(chat.id, { member_limit: 1 });
    expect(await bot.api.banChatMember(chat.id, user.id)).toBe(true);
    const updates = await drain(bot);
    expect(transitions(updates)).toEqual([['member', 'kicked', botId]]);
    expect(await bot.api.getChatMember(chat.id, user.id)).toMatchObject({ status: 'kicked', until_date: 0 });
    expect(() => control.joinByLink({ userId: user.id, inviteLink: link.invite_link })).toThrow(/USER_BANNED_IN_CHANNEL/);
    expect(await bot.api.unbanChatMember(chat.id, user.id, { only_if_banned: true })).toBe(true);
    expect(transitions(await drain(bot))).toEqual([['kicked', 'left', botId]]);
    expect((await bot.api.getChatMember(chat.id, user.id)).status).toBe('left');
    expect(control.joinByLink({ userId: user.id, inviteLink: link.invite_link }).status).toBe('joined');
  });

  test('unban with only_if_banned leaves a member alone; without it the member is removed but free to return', async () => {
    const { bot, chat, user, botId } = await setup();
    await bot.api.unbanChatMember(chat.id, user.id, { only_if_banned: true });
    expect(await drain(bot)).toEqual([]);
    expect((await bot.api.getChatMember(chat.id, user.id)).status).toBe('member');
    await bot.api.unbanChatMember(chat.id, user.id);
    expect(transitions(await drain(bot))).toEqual([['member', 'left', botId]]);
    expect(control.joinChat({ userId: user.id, chatId: chat.id }).status).toBe('joined');
  });

  test('a ban with until_date ends by itself; under 30 seconds ahead means forever', async () => {
    const { bot, chat, user } = await setup('channel');
    const until = Math.floor(Date.now() / 1000) + 3600;
    await bot.api.banChatMember(chat.id, user.id, { until_date: until });
    expect(await bot.api.getChatMember(chat.id, user.id)).toMatchObject({ status: 'kicked', until_date: until });
    control.advanceTime(3601_000);
    expect((await bot.api.getChatMember(chat.id, user.id)).status).toBe('left');
    expect(control.joinChat({ userId: user.id, chatId: chat.id }).status).toBe('joined');
    await bot.api.banChatMember(chat.id, user.id, { until_date: until + 10 });
    expect(await bot.api.getChatMember(chat.id, user.id)).toMatchObject({ status: 'kicked', until_date: 0 });
  });

  test('a non-member can be banned in advance (left → kicked)', async () => {
    const { bot, chat, botId } = await setup('channel');
    const stranger = control.createUser({ first_name: 'Beto' });
    await bot.api.banChatMember(chat.id, stranger.id);
    expect(transitions(await drain(bot))).toEqual([['left', 'kicked', botId]]);
    expect(() => control.joinChat({ userId: stranger.id, chatId: chat.id })).toThrow(/banned/);
  });

  test('administrators and the owner cannot be banned; the bot needs can_restrict_members', async () => {
    const { bot, chat, owner, user } = await setup();
    const admin = control.createUser({ first_name: 'Gerente' });
    control.setMemberStatus({ chatId: chat.id, userId: admin.id, status: 'administrator' });
    await expect(bot.api.banChatMember(chat.id, owner.id)).rejects.toMatchObject({ error_code: 400, description: "Bad Request: can't remove chat owner" });
    await expect(bot.api.banChatMember(chat.id, admin.id)).rejects.toMatchObject({ description: 'Bad Request: user is an administrator of the chat' });
    await expect(bot.api.unbanChatMember(chat.id, admin.id)).rejects.toMatchObject({ description: 'Bad Request: user is an administrator of the chat' });
    await expect(bot.api.banChatMember(chat.id, 123)).rejects.toMatchObject({ description: 'Bad Request: PARTICIPANT_ID_INVALID' });
    control.promoteBot({ chatId: chat.id, bot: bot.token, rights: { can_restrict_members: false } });
    await expect(bot.api.banChatMember(chat.id, user.id)).rejects.toMatchObject({ description: 'Bad Request: not enough rights to restrict/unrestrict chat member' });
    await expect(bot.api.unbanChatMember(chat.id, user.id)).rejects.toMatchObject({ description: 'Bad Request: not enough rights to restrict/unrestrict chat member' });
    control.demoteBot({ chatId: chat.id, bot: bot.token });
    await expect(bot.api.banChatMember(chat.id, user.id)).rejects.toMatchObject({ description: 'Bad Request: not enough rights to restrict/unrestrict chat member' });
  });

  test('in a basic group a ban only removes; unban is for supergroups and channels', async () => {
    const { bot, chat, user } = await setup('group');
    await bot.api.banChatMember(chat.id, user.id);
    expect((await bot.api.getChatMember(chat.id, user.id)).status).toBe('left');
    await expect(bot.api.unbanChatMember(chat.id, user.id)).rejects.toMatchObject({ description: 'Bad Request: method is available for supergroup and channel chats only' });
  });

  test('chat_member updates of bans reach only bots that asked for them in allowed_updates', async () => {
    const { bot, chat, user } = await setup();
    await bot.api.getUpdates({ allowed_updates: ['message'] });
    await bot.api.banChatMember(chat.id, user.id);
    const updates = await drain(bot);
    expect(updates.some((u) => u.chat_member)).toBe(false);
    await bot.api.getUpdates({ allowed_updates: ['chat_member'] });
    await bot.api.unbanChatMember(chat.id, user.id);
    expect(transitions(await drain(bot))).toHaveLength(1);
  });

  test('bans and unbans share the bot flood budget: 429 with retry_after', async () => {
    const limited = createTelegramEmulator({ rateLimits: { perBotPerSecond: 2 } });
    try {
      const created = limited.control.createBot({ username: 'lento_bot' });
      const chat = limited.control.createChat({ type: 'supergroup', title: 'VIP' });
      limited.control.promoteBot({ chatId: chat.id, bot: created.token });
      const users = [1, 2, 3].map((n) => limited.control.createUser({ first_name: `U${n}` }));
      const bot = grammyBot(limited, created.token);
      await bot.api.banChatMember(chat.id, users[0]?.id ?? 0);
      await bot.api.unbanChatMember(chat.id, users[0]?.id ?? 0);
      await expect(bot.api.banChatMember(chat.id, users[1]?.id ?? 0)).rejects.toMatchObject({
        error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 },
      });
      expect((await bot.api.getChatMember(chat.id, users[1]?.id ?? 0)).status).toBe('left');
      limited.control.advanceTime(1000);
      await expect(bot.api.banChatMember(chat.id, users[1]?.id ?? 0)).resolves.toBe(true);
    } finally {
      await limited.stop();
    }
  });
});
