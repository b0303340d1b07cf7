import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BOT_TEXTS, botResponseSchema, botsResponseSchema, channelsResponseSchema } from '@shared/bots/schemas.ts';
import { insertBot, insertChannel, registerUser } from '../../test-support/fixtures.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

describe('bots read API', () => {
  test('requires authentication', async () => {
    expect((await server.api('/api/bots')).status).toBe(401);
  });

  test('a new account has no bots', async () => {
    const { tokens } = await registerUser(server);
    const response = await server.api('/api/bots', { token: tokens.accessToken });
    expect(response.status).toBe(200);
    expect(botsResponseSchema.parse(await response.json()).data.bots).toEqual([]);
  });

  test('lists and reads the owner bots without ever exposing the token', async () => {
    const { user, tokens } = await registerUser(server);
    const botId = await insertBot(server, user.id, 'Bot Vendas');
    const list = await server.api('/api/bots', { token: tokens.accessToken });
    const text = await list.text();
    expect(text).not.toContain('token');
    const bots = botsResponseSchema.parse(JSON.parse(text)).data.bots;
    expect(bots.map((bot) => bot.id)).toEqual([botId]);
    expect(bots[0]).toMatchObject({ name: 'Bot Vendas', username: 'Bot_Vendas_bot', isActive: true, inactiveReason: null });

    const one = await server.api(`/api/bots/${botId}`, { token: tokens.accessToken });
    expect(one.status).toBe(200);
    expect(botResponseSchema.parse(await one.json()).data.bot.id).toBe(botId);
  });

  test("answers 404 for another user's bot and its channels, as for a missing one", async () => {
    const owner = await registerUser(server, 'Dona');
    const intruder = await registerUser(server, 'Intrusa');
    const botId = await insertBot(server, owner.user.id);
    await insertChannel(server, botId, -1001234567890n, 'Grupo VIP');
    const asIntruder = { token: intruder.tokens.accessToken };

    for (const path of [`/api/bots/${botId}`, `/api/bots/${botId}/channels`, `/api/bots/${crypto.randomUUID()}`, '/api/bots/nao-e-uuid']) {
      const response = await server.api(path, asIntruder);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Recurso não encontrado' });
    }
    const list = botsResponseSchema.parse(await (await server.api('/api/bots', asIntruder)).json());
    expect(list.data.bots).toEqual([]);
  });

  test("lists a bot's channels with exact chat ids", async () => {
    const { user, tokens } = await registerUser(server);
    const botId = await insertBot(server, user.id);
    await insertChannel(server, botId, -1009007199254740993n, 'Canal Avisos', 'channel');
    await insertChannel(server, botId, -1001000000001n, 'Beta Grupo', 'supergroup');
    const response = await server.api(`/api/bots/${botId}/channels`, { token: tokens.accessToken });
    expect(response.status).toBe(200);
    const channels = channelsResponseSchema.parse(await response.json()).data.channels;
    expect(channels.map((channel) => [channel.channelName, channel.channelId, channel.channelType, channel.botId])).toEqual([
      ['Beta Grupo', '-1001000000001', 'supergroup', botId],
      ['Canal Avisos', '-1009007199254740993', 'channel', botId],
    ]);
  });
});

describe('PATCH /api/bots/{id} {broadcastRate}', () => {
  test('sets the broadcast rate (default 30), refuses values out of 1–1000 in pt-BR, and answers 404 for another user\'s bot', async () => {
    const owner = await registerUser(server, 'Dona');
    const intruder = await registerUser(server, 'Intrusa');
    const botId = await insertBot(server, owner.user.id);
    const patch = (json: unknown, token = owner.tokens.accessToken) => server.api(`/api/bots/${botId}`, { method: 'PATCH', json, token });

    const before = botResponseSchema.parse(await (await server.api(`/api/bots/${botId}`, { token: owner.tokens.accessToken })).json()).data.bot;
    expect(before.broadcastRate).toBe(30);
    const changed = await patch({ broadcastRate: 1000 });
    expect(changed.status).toBe(200);
    expect(botResponseSchema.parse(await changed.json()).data.bot).toMatchObject({ broadcastRate: 1000, isActive: true });
    const [stored] = await server.db.sql<{ rate: number }[]>`select broadcast_rate as rate from bots where id = ${botId}`;
    expect(stored?.rate).toBe(1000);

    for (const [value, message] of [[0, BOT_TEXTS.broadcastRateRange], [1001, BOT_TEXTS.broadcastRateRange], [2.5, BOT_TEXTS.broadcastRateInvalid], ['30', BOT_TEXTS.broadcastRateInvalid]] as const) {
      const refused = await patch({ broadcastRate: value });
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { code: string; message: string };
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(body.message).toBe(message);
    }
    expect((await patch({})).status).toBe(400);

    const foreign = await patch({ broadcastRate: 5 }, intruder.tokens.accessToken);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Recurso não encontrado' });
    const [unchanged] = await server.db.sql<{ rate: number }[]>`select broadcast_rate as rate from bots where id = ${botId}`;
    expect(unchanged?.rate).toBe(1000);
  });
});
