import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { botResponseSchema, botsResponseSchema, channelResponseSchema } from '@shared/bots/schemas.ts';
import { registerUser } from '../../test-support/fixtures.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

describe('POST /api/bots', () => {
  test('registers a bot validated by getMe, without ever returning or logging its token', async () => {
    const registered = await registeredBot(bed);
    expect(registered.bot).toMatchObject({
      name: 'Bot Teste',
      username: registered.username,
      isActive: true,
      inactiveReason: null,
      telegramId: String(registered.telegramBotId),
    });
    const secret = registered.token.split(':')[1] ?? '';
    for (const path of ['/api/bots', `/api/bots/${registered.bot.id}`]) {
      expect(await (await bed.server.api(path, registered.auth)).text()).not.toContain(secret);
    }
    const stored = await bed.server.db.sql<{ token_encrypted: string }[]>`select token_encrypted from bots where id = ${registered.bot.id}`;
    expect(stored[0]?.token_encrypted).not.toContain(secret);
    expect(bed.server.logs.join('\n')).not.toContain(secret);
    expect(bed.emulator.control.apiCalls({ token: registered.token, method: 'getMe' })).toHaveLength(1);
  });

  test('tells a token Telegram does not know from a malformed or blank one', async () => {
    const { tokens } = await registerUser(bed.server);
    const unknown = await bed.server.api('/api/bots', { json: { token: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }, token: tokens.accessToken });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      success: false,
      code: 'BOT_TOKEN_INVALID',
      message: 'O Telegram não reconheceu este token. Confira no @BotFather se ele está completo e não foi revogado.',
    });
    const asked = bed.emulator.control.apiCalls({ method: 'getMe' }).length;
    const malformed = await bed.server.api('/api/bots', { json: { token: 'não-é-um-token' }, token: tokens.accessToken });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { token: 'Formato de token inválido: copie o token inteiro que o @BotFather enviou (ex.: 123456789:AAH…)' } });
    // A malformed token is refused without asking Telegram.
    expect(bed.emulator.control.apiCalls({ method: 'getMe' })).toHaveLength(asked);
    const blank = await bed.server.api('/api/bots', { json: { token: '   ' }, token: tokens.accessToken });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Token não pode ser vazio', details: { token: 'Token não pode ser vazio' } });
  });

  test('answers 502 when Telegram cannot validate the token', async () => {
    const { tokens } = await registerUser(bed.server);
    const created = bed.emulator.control.createBot({ username: 'canalize_down_bot' });
    bed.emulator.control.injectFailure({ token: created.token, method: 'getMe', errorCode: 500, description: 'Internal Server Error', times: 10 });
    const response = await bed.server.api('/api/bots', { json: { token: created.token }, token: tokens.accessToken });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'TELEGRAM_UNREACHABLE', message: 'Não foi possível validar o token no Telegram' });
  });

  test('answers 409 for a bot already registered, by the same user or another one', async () => {
    const registered = await registeredBot(bed);
    const other = await registerUser(bed.server);
    for (const auth of [registered.auth.token, other.tokens.accessToken]) {
      const response = await bed.server.api('/api/bots', { json: { token: registered.token }, token: auth });
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ code: 'BOT_ALREADY_REGISTERED', message: 'Este bot já está cadastrado' });
    }
  });
});

describe('PATCH and DELETE /api/bots/:id', () => {
  test('deactivation persists and stops polling; reactivation resumes it', async () => {
    const registered = await registeredBot(bed);
    const off = await bed.server.api(`/api/bots/${registered.bot.id}`, { method: 'PATCH', json: { isActive: false }, ...registered.auth });
    expect(off.status).toBe(200);
    expect(botResponseSchema.parse(await off.json()).data.bot.isActive).toBe(false);
    expect(bed.server.server.bots.isRunning(registered.bot.id)).toBe(false);
    await eventually('polling to stop', () => !bed.emulator.control.isPolling(registered.token));

    const on = await bed.server.api(`/api/bots/${registered.bot.id}`, { method: 'PATCH', json: { isActive: true }, ...registered.auth });
    expect(botResponseSchema.parse(await on.json()).data.bot).toMatchObject({ isActive: true, inactiveReason: null });
    await eventually('polling to resume', () => bed.emulator.control.isPolling(registered.token));
  });

  test('rejects a body without a boolean isActive', async () => {
    const registered = await registeredBot(bed);
    const response = await bed.server.api(`/api/bots/${registered.bot.id}`, { method: 'PATCH', json: { isActive: 'sim' }, ...registered.auth });
    expect(response.status).toBe(400);
  });

  test('removal stops the bot and hides it with its channels and welcome messages (kept in the trash)', async () => {
    const registered = await registeredBot(bed);
    const { channel } = await promotedChat(bed, registered, { type: 'supergroup', title: 'Grupo Removido' });
    await bed.server.api(`/api/flows/channels/${channel.id}/welcome`, { json: { message: 'Oi' }, ...registered.auth });
    const removed = await bed.server.api(`/api/bots/${registered.bot.id}`, { method: 'DELETE', ...registered.auth });
    expect(removed.status).toBe(200);
    expect(bed.server.server.bots.isRunning(registered.bot.id)).toBe(false);
    expect((await bed.server.api(`/api/bots/${registered.bot.id}`, registered.auth)).status).toBe(404);
    expect((await bed.server.api(`/api/channels/${channel.id}`, registered.auth)).status).toBe(404);
    expect((await bed.server.api(`/api/flows/channels/${channel.id}/welcome`, registered.auth)).status).toBe(404);
    const kept = await bed.server.db.sql`select 1 from channels c join welcome_messages w on w.channel_id = c.id where c.id = ${channel.id}`;
    expect(kept).toHaveLength(1);
    expect(botsResponseSchema.parse(await (await bed.server.api('/api/bots', registered.auth)).json()).data.bots).toEqual([]);
  });
});

describe('tenant isolation', () => {
  test("another user gets 404 for the bot, its channels, the channel and its welcome message", async () => {
    const registered = await registeredBot(bed);
    const { channel } = await promotedChat(bed, registered, { type: 'supergroup', title: 'Grupo Privado' });
    const intruder = await registerUser(bed.server, 'Intrusa');
    const as = { token: intruder.tokens.accessToken };
    const attempts: Array<[string, RequestInit & { json?: unknown }]> = [
      [`/api/bots/${registered.bot.id}`, {}],
      [`/api/bots/${registered.bot.id}`, { method: 'PATCH', json: { isActive: false } }],
      [`/api/bots/${registered.bot.id}`, { method: 'DELETE' }],
      [`/api/bots/${registered.bot.id}/channels`, {}],
      [`/api/bots/${registered.bot.id}/channels/sync`, { method: 'POST' }],
      [`/api/channels/${channel.id}`, {}],
      [`/api/flows/channels/${channel.id}/welcome`, {}],
      [`/api/flows/channels/${channel.id}/welcome`, { json: { message: 'invasão' } }],
    ];
    for (const [path, init] of attempts) {
      const response = await bed.server.api(path, { ...init, ...as });
      expect({ path, method: init.method, status: response.status }).toEqual({ path, method: init.method, status: 404 });
    }
    expect(bed.server.server.bots.isRunning(registered.bot.id)).toBe(true);
    const own = await bed.server.api(`/api/channels/${channel.id}`, registered.auth);
    expect(channelResponseSchema.parse(await own.json()).data).toMatchObject({ channel: { id: channel.id }, bot: { id: registered.bot.id } });
  });
});
