import { describe, expect, test } from 'bun:test';
import { grammyBot, startedDialog, useEmulator } from './test-support.ts';

const emulator = useEmulator();
const { control } = emulator;

describe('failure behaviour', () => {
  test('403 when the user blocked the bot, and my_chat_member tells the bot', async () => {
    const { token, bot, user } = startedDialog(emulator);
    control.blockBot({ userId: user.id, bot: token });
    await expect(bot.api.sendMessage(user.id, 'oi')).rejects.toMatchObject({ error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    const updates = await bot.api.getUpdates();
    const change = updates.at(-1)?.my_chat_member;
    expect(change?.chat).toMatchObject({ id: user.id, type: 'private' });
    expect([change?.old_chat_member.status, change?.new_chat_member.status]).toEqual(['member', 'kicked']);
    control.unblockBot({ userId: user.id, bot: token });
    await expect(bot.api.sendMessage(user.id, 'voltei')).resolves.toMatchObject({ text: 'voltei' });
  });

  test('403 when the bot writes first to a user who never started it, except right after a join request', async () => {
    const { token, bot } = startedDialog(emulator);
    const stranger = control.createUser({ first_name: 'Davi' });
    await expect(bot.api.sendMessage(stranger.id, 'oi')).rejects.toMatchObject({
      error_code: 403, description: "Forbidden: bot can't initiate conversation with a user",
    });
    const channel = control.createChat({ type: 'channel', title: 'VIP', joinByRequest: true });
    control.promoteBot({ chatId: channel.id, bot: token });
    control.joinChat({ userId: stranger.id, chatId: channel.id });
    const request = (await bot.api.getUpdates()).find((u) => u.chat_join_request)?.chat_join_request;
    expect(request?.user_chat_id).toBe(stranger.id);
    await expect(bot.api.sendMessage(request?.user_chat_id ?? 0, 'Bem-vindo!')).resolves.toMatchObject({ text: 'Bem-vindo!' });
    control.advanceTime(5 * 60_000 + 1000);
    await expect(bot.api.sendMessage(stranger.id, 'ainda aí?')).rejects.toMatchObject({ error_code: 403 });
  });

  test('400 chat not found for unknown chats and chats the bot never joined', async () => {
    const { bot } = startedDialog(emulator);
    await expect(bot.api.sendMessage(-1009999999999, 'x')).rejects.toMatchObject({ error_code: 400, description: 'Bad Request: chat not found' });
    const group = control.createChat({ type: 'supergroup', title: 'Alheio' });
    await expect(bot.api.getChat(group.id)).rejects.toMatchObject({ description: 'Bad Request: chat not found' });
  });

  test('a bot removed from a group learns it with 403 on its next message', async () => {
    const { token, bot } = startedDialog(emulator);
    const group = control.createChat({ type: 'supergroup', title: 'Grupo' });
    control.addBot({ chatId: group.id, bot: token });
    await expect(bot.api.sendMessage(group.id, 'oi grupo')).resolves.toBeDefined();
    control.removeBot({ chatId: group.id, bot: token });
    await expect(bot.api.sendMessage(group.id, 'ainda?')).rejects.toMatchObject({ error_code: 403, description: 'Forbidden: bot was kicked from the supergroup chat' });
  });

  test('429 with retry_after when a bot exceeds one message a second in a private chat', async () => {
    const { bot, user } = startedDialog(emulator);
    await bot.api.sendMessage(user.id, 'primeira');
    const error = await bot.api.sendMessage(user.id, 'segunda').catch((e: unknown) => e);
    expect(error).toMatchObject({ error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } });
    expect(control.sentMessages({ token: bot.token }).map((m) => m.text)).toEqual(['primeira']);
    control.advanceTime(1000);
    await expect(bot.api.sendMessage(user.id, 'segunda')).resolves.toBeDefined();
  });

  test('429 when a bot exceeds its overall rate across chats', async () => {
    const { token, bot } = startedDialog(emulator);
    const users = Array.from({ length: 31 }, (_, i) => control.createUser({ first_name: `U${i}` }));
    for (const user of users) control.sendPrivateMessage({ from: user.id, bot: token, text: '/start' });
    const results = await Promise.allSettled(users.map((user) => bot.api.sendMessage(user.id, 'promo')));
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(30);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(rejected?.status === 'rejected' && rejected.reason).toMatchObject({ error_code: 429, parameters: { retry_after: 1 } });
  });

  test('injected failures answer once with the given error', async () => {
    const { token, bot, user } = startedDialog(emulator);
    control.injectFailure({ token, method: 'sendMessage', errorCode: 429, description: 'Too Many Requests: retry after 7', retryAfter: 7 });
    await expect(bot.api.sendMessage(user.id, 'x')).rejects.toMatchObject({ error_code: 429, parameters: { retry_after: 7 } });
    await expect(bot.api.sendMessage(user.id, 'x')).resolves.toBeDefined();
  });

  test('an upgraded group answers 400 with migrate_to_chat_id and the bot sees both service messages', async () => {
    const { token, bot } = startedDialog(emulator);
    const group = control.createChat({ type: 'group', title: 'Antigo' });
    control.addBot({ chatId: group.id, bot: token });
    const { supergroupId } = control.migrateToSupergroup({ chatId: group.id });
    const error = await bot.api.sendMessage(group.id, 'x').catch((e: unknown) => e);
    expect(error).toMatchObject({
      error_code: 400, description: 'Bad Request: group chat was upgraded to a supergroup chat', parameters: { migrate_to_chat_id: supergroupId },
    });
    const messages = (await bot.api.getUpdates()).flatMap((u) => (u.message ? [u.message] : []));
    expect(messages.find((m) => m.migrate_to_chat_id)?.chat.id).toBe(group.id);
    expect(messages.find((m) => m.migrate_from_chat_id)?.chat).toMatchObject({ id: supergroupId, type: 'supergroup' });
    await expect(bot.api.sendMessage(supergroupId, 'novo')).resolves.toBeDefined();
  });

  test('limits can be disabled for benchmarks', async () => {
    const { createTelegramEmulator } = await import('./emulator.ts');
    const fast = createTelegramEmulator({ rateLimits: false });
    try {
      const created = fast.control.createBot({ username: 'bench_bot' });
      const user = fast.control.createUser({ first_name: 'B' });
      fast.control.sendPrivateMessage({ from: user.id, bot: created.token, text: '/start' });
      const bot = grammyBot(fast, created.token);
      await Promise.all(Array.from({ length: 50 }, () => bot.api.sendMessage(user.id, 'x')));
      expect(fast.control.sentMessages().length).toBe(50);
    } finally {
      await fast.stop();
    }
  });
});
