import { describe, expect, test } from 'bun:test';
import { GrammyError } from 'grammy';
import { grammyBot, startedDialog, useEmulator } from './test-support.ts';

const emulator = useEmulator();
const { control } = emulator;

describe('Bot API basics', () => {
  test('getMe answers the registered bot through grammY', async () => {
    const { token, id } = control.createBot({ username: 'canalize_bot', first_name: 'Canalize' });
    const me = await grammyBot(emulator, token).api.getMe();
    expect(me).toMatchObject({ id, is_bot: true, username: 'canalize_bot', first_name: 'Canalize', can_join_groups: true });
    expect(token.startsWith(`${id}:`)).toBe(true);
  });

  test('an unknown token answers 401 Unauthorized', async () => {
    const error = await grammyBot(emulator, '123:unknown').api.getMe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GrammyError);
    expect(error).toMatchObject({ error_code: 401, description: 'Unauthorized' });
  });

  test('an unknown method answers 404 Not Found with the HTTP status', async () => {
    const { token } = control.createBot({ username: 'x_bot' });
    const response = await fetch(`${emulator.url}/bot${token}/sendTelepathy`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ ok: false, error_code: 404, description: 'Not Found' });
  });

  test('method names are case-insensitive and GET query parameters work', async () => {
    const { token, user } = startedDialog(emulator);
    const response = await fetch(`${emulator.url}/bot${token}/sendmessage?chat_id=${user.id}&text=oi`);
    const body = await response.json();
    expect(body).toMatchObject({ ok: true, result: { text: 'oi', chat: { id: user.id, type: 'private' } } });
  });

  test('form bodies carry reply_markup as a JSON string', async () => {
    const { token, user } = startedDialog(emulator);
    const form = new URLSearchParams({
      chat_id: String(user.id),
      text: 'Escolha',
      reply_markup: JSON.stringify({ inline_keyboard: [[{ text: 'Sim', callback_data: 'yes' }]] }),
    });
    const response = await fetch(`${emulator.url}/bot${token}/sendMessage`, { method: 'POST', body: form });
    const body = await response.json();
    expect(body.result.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Sim', callback_data: 'yes' }]] });
    expect(control.sentMessages({ token })[0]?.reply_markup).toEqual(body.result.reply_markup);
  });

  test('HTML text becomes plain text with entities and unsupported tags fail like Telegram', async () => {
    const { bot, user } = startedDialog(emulator);
    const sent = await bot.api.sendMessage(user.id, 'Olá <b>Ana</b> &amp; <a href="https://t.me/x">link</a>', { parse_mode: 'HTML' });
    expect(sent.text).toBe('Olá Ana & link');
    expect(sent.entities).toEqual([
      { type: 'bold', offset: 4, length: 3 },
      { type: 'text_link', offset: 10, length: 4, url: 'https://t.me/x' },
    ]);
    const error = await bot.api.sendMessage(user.id, '<div>x</div>', { parse_mode: 'HTML' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ error_code: 400, description: 'Bad Request: can\'t parse entities: Unsupported start tag "div" at byte offset 0' });
    const unclosed = await bot.api.sendMessage(user.id, '<b>x', { parse_mode: 'HTML' }).catch((e: unknown) => e);
    expect(unclosed).toMatchObject({ description: 'Bad Request: can\'t parse entities: Can\'t find end tag corresponding to start tag "b"' });
  });

  test('text limits: empty text and more than 4096 characters are refused', async () => {
    const { bot, user } = startedDialog(emulator);
    await expect(bot.api.sendMessage(user.id, '')).rejects.toMatchObject({ description: 'Bad Request: message text is empty' });
    await expect(bot.api.sendMessage(user.id, 'a'.repeat(4097))).rejects.toMatchObject({ description: 'Bad Request: message is too long' });
    // The limit applies to the visible text, after the markup is parsed.
    await expect(bot.api.sendMessage(user.id, `<b>${'a'.repeat(4096)}</b>`, { parse_mode: 'HTML' })).resolves.toBeDefined();
  });

  test('callback_data is limited to 64 bytes, not characters', async () => {
    const { bot, user } = startedDialog(emulator);
    const fits = 'a'.repeat(64);
    const accented = 'ã'.repeat(33); // 66 bytes in 33 characters
    await expect(bot.api.sendMessage(user.id, 'ok', { reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: fits }]] } })).resolves.toBeDefined();
    await expect(bot.api.sendMessage(user.id, 'no', { reply_markup: { inline_keyboard: [[{ text: 'B', callback_data: accented }]] } }))
      .rejects.toMatchObject({ error_code: 400, description: 'Bad Request: BUTTON_DATA_INVALID' });
  });

  test('URL buttons need an address Telegram accepts', async () => {
    const { bot, user } = startedDialog(emulator);
    await expect(bot.api.sendMessage(user.id, 'ok', { reply_markup: { inline_keyboard: [[{ text: 'Site', url: 'https://example.com/a' }]] } })).resolves.toBeDefined();
    await expect(bot.api.sendMessage(user.id, 'no', { reply_markup: { inline_keyboard: [[{ text: 'Local', url: 'http://localhost:3000' }]] } }))
      .rejects.toMatchObject({ error_code: 400, description: "Bad Request: inline keyboard button URL 'http://localhost:3000' is invalid: Wrong HTTP URL" });
  });

  test('editing with the same content answers "message is not modified"; deleting twice fails', async () => {
    const { bot, user } = startedDialog(emulator);
    const sent = await bot.api.sendMessage(user.id, 'v1');
    const edited = await bot.api.editMessageText(user.id, sent.message_id, 'v2');
    expect(edited).toMatchObject({ text: 'v2', message_id: sent.message_id });
    await expect(bot.api.editMessageText(user.id, sent.message_id, 'v2')).rejects.toMatchObject({ description: expect.stringContaining('message is not modified') });
    expect(await bot.api.deleteMessage(user.id, sent.message_id)).toBe(true);
    await expect(bot.api.deleteMessage(user.id, sent.message_id)).rejects.toMatchObject({ description: 'Bad Request: message to delete not found' });
  });

  test('setMyCommands validates and stores the menu', async () => {
    const { bot } = startedDialog(emulator);
    await bot.api.setMyCommands([{ command: 'start', description: 'Começar' }]);
    expect(await bot.api.getMyCommands()).toEqual([{ command: 'start', description: 'Começar' }]);
    await expect(bot.api.setMyCommands([{ command: 'Bad Command', description: 'x' }])).rejects.toMatchObject({ description: 'Bad Request: BOT_COMMAND_INVALID' });
  });
});
