import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SERVER_START_TIMEOUT_MS } from '../../../test-support/start-test-server.ts';
import { eventually, promotedChat, startTelegramTestbed, type TelegramTestbed } from '../../../test-support/telegram.ts';
import { registerUser } from '../../../test-support/fixtures.ts';
import { flowBuilder } from '../../../test-support/flow-builder.ts';
import { botResponseSchema } from '@shared/bots/schemas.ts';

let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed({ rateLimits: false }, { webhookOverLoopback: true, pollingLease: { leaseMs: 3_000, tickMs: 500 } });
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

async function webhookBot() {
  const account = await registerUser(bed.server);
  const created = bed.emulator.control.createBot({ username: `canalize_hook_${Date.now() % 100000}_bot` });
  const response = await bed.server.api('/api/bots', { json: { token: created.token }, token: account.tokens.accessToken });
  expect(response.status).toBe(201);
  const bot = botResponseSchema.parse(await response.json()).data.bot;
  return { account, token: created.token, telegramBotId: created.id, username: created.username, bot, auth: { token: account.tokens.accessToken } };
}

describe('webhook mode', () => {
  test('sets a webhook with a secret and processes updates Telegram posts to it', async () => {
    const registered = await webhookBot();
    const [setWebhook] = bed.emulator.control.apiCalls({ token: registered.token, method: 'setWebhook' });
    expect(setWebhook?.params).toMatchObject({ url: `${bed.server.url.replace('localhost', '127.0.0.1')}/api/telegram/webhook/${registered.bot.id}` });
    expect(String(setWebhook?.params.secret_token)).toMatch(/^[0-9a-f]{64}$/);
    expect(setWebhook?.params.allowed_updates).toEqual(['message', 'edited_message', 'callback_query', 'my_chat_member', 'chat_member', 'chat_join_request', 'channel_post', 'pre_checkout_query']);

    const { chat, channel } = await promotedChat(bed, registered, { type: 'supergroup', title: 'Grupo Webhook' });
    await bed.server.api(`/api/flows/channels/${channel.id}/welcome`, { json: { message: 'Via webhook, {firstName}' }, ...registered.auth });
    const user = bed.emulator.control.createUser({ first_name: 'Vera' });
    const since = bed.emulator.control.mark();
    bed.emulator.control.joinChat({ userId: user.id, chatId: chat.id });
    expect((await bed.emulator.control.waitForSentMessage({ token: registered.token, chatId: chat.id, since })).text).toBe('Via webhook, Vera');
  });

  test('refuses a wrong secret and ignores a re-sent update_id', async () => {
    const registered = await webhookBot();
    const path = `/api/telegram/webhook/${registered.bot.id}`;
    const update = { update_id: 987654, message: { message_id: 1, date: 1, chat: { id: 5, type: 'private', first_name: 'X' }, from: { id: 5, is_bot: false, first_name: 'X' }, text: 'oi' } };
    const wrong = await bed.server.api(path, { json: update, headers: { 'x-telegram-bot-api-secret-token': 'errado' } });
    expect(wrong.status).toBe(401);
    const secret = String(bed.emulator.control.apiCalls({ token: registered.token, method: 'setWebhook' })[0]?.params.secret_token);
    const first = await bed.server.api(path, { json: update, headers: { 'x-telegram-bot-api-secret-token': secret } });
    const again = await bed.server.api(path, { json: update, headers: { 'x-telegram-bot-api-secret-token': secret } });
    expect([(await first.json()).data.outcome, (await again.json()).data.outcome]).toEqual(['accepted', 'duplicate']);
  });

  test('an update re-sent (after the first 200, or two at once) is handled once; a chat\'s burst in update_id order; a wrong secret queues nothing', async () => {
    const registered = await webhookBot();
    const build = flowBuilder(bed.server, registered.auth, registered.bot.id);
    const flowId = await build.flow();
    await build.chain(flowId, [await build.node(flowId, 'trigger_message', { pattern: '*' }), await build.node(flowId, 'send_text', { message: 'eco: {{message.text}}' })]);
    const user = bed.emulator.control.createUser({ first_name: 'Rita' });
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: 'oi' });
    const echoes = () => bed.emulator.control.sentMessages({ token: registered.token, chatId: user.id }).map((sent) => sent.text);
    await eventually('the first echo', () => echoes().length === 1);
    const secret = deriveFromCalls(registered.token);
    const path = `/api/telegram/webhook/${registered.bot.id}`;
    const post = (updateId: number, text: string, headerSecret = secret) => bed.server.api(path, {
      json: { update_id: updateId, message: { message_id: updateId, date: 1, chat: { id: user.id, type: 'private', first_name: 'Rita' }, from: { id: user.id, is_bot: false, first_name: 'Rita' }, text } },
      headers: { 'x-telegram-bot-api-secret-token': headerSecret },
    });
    const outcome = async (response: Response) => ((await response.json()) as { data: { outcome: string } }).data.outcome;
    const refused = await post(40_000_000, 'intruso', 'errado');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ success: false, code: 'WEBHOOK_FORBIDDEN', message: 'Acesso negado' });
    expect(await outcome(await post(40_000_001, 'a'))).toBe('accepted');
    expect(await outcome(await post(40_000_001, 'a'))).toBe('duplicate');
    const pair = await Promise.all([post(40_000_002, 'b'), post(40_000_002, 'b')]);
    expect((await Promise.all(pair.map(outcome))).sort()).toEqual(['accepted', 'duplicate']);
    for (const [index, text] of ['c', 'd', 'e', 'f'].entries()) expect(await outcome(await post(40_000_003 + index, text))).toBe('accepted');
    await eventually('the echoes', () => echoes().length >= 7);
    await Bun.sleep(300);
    expect(echoes()).toEqual(['eco: oi', 'eco: a', 'eco: b', 'eco: c', 'eco: d', 'eco: e', 'eco: f']);
    const rows = await bed.server.db.sql<{ updateId: bigint }[]>`
      select update_id as "updateId" from webhook_updates where bot_id = ${registered.bot.id} and update_id >= 40000000 order by update_id`;
    expect(rows.map((row) => Number(row.updateId))).toEqual([40_000_001, 40_000_002, 40_000_003, 40_000_004, 40_000_005, 40_000_006]);
  });

  test('the lease taken by another instance: the queue is not read here (the bot stops), and once the lease is free again what waited is handled', async () => {
    const registered = await webhookBot();
    const build = flowBuilder(bed.server, registered.auth, registered.bot.id);
    const flowId = await build.flow();
    await build.chain(flowId, [await build.node(flowId, 'trigger_message', { pattern: '*' }), await build.node(flowId, 'send_text', { message: 'eco: {{message.text}}' })]);
    const user = bed.emulator.control.createUser({ first_name: 'Nina' });
    const echoes = () => bed.emulator.control.sentMessages({ token: registered.token, chatId: user.id }).map((sent) => sent.text);
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: 'antes' });
    await eventually('the first echo', () => echoes().length === 1);
    const sql = bed.server.db.sql;
    await sql`update bot_polling set owner = ${crypto.randomUUID()}, lease_expires_at = now() + interval '1 hour' where bot_id = ${registered.bot.id}`;
    bed.emulator.control.sendPrivateMessage({ from: user.id, bot: registered.token, text: 'durante' });
    await eventually('the bot stopped here', () => !bed.server.server.bots.isRunning(registered.bot.id));
    await Bun.sleep(700);
    expect(echoes()).toEqual(['eco: antes']);
    expect(await sql`select 1 from webhook_updates where bot_id = ${registered.bot.id} and handled_at is null`).toHaveLength(1);
    await sql`update bot_polling set owner = null, lease_expires_at = null where bot_id = ${registered.bot.id}`;
    await eventually('what waited handled', () => echoes().length === 2, 10_000);
    expect(echoes()).toEqual(['eco: antes', 'eco: durante']);
  });

  test('deactivation removes the webhook; updates then wait at Telegram', async () => {
    const registered = await webhookBot();
    await bed.server.api(`/api/bots/${registered.bot.id}`, { method: 'PATCH', json: { isActive: false }, ...registered.auth });
    await eventually('deleteWebhook', () => bed.emulator.control.apiCalls({ token: registered.token, method: 'deleteWebhook' }).length === 1);
    const secret = deriveFromCalls(registered.token);
    const response = await bed.server.api(`/api/telegram/webhook/${registered.bot.id}`, {
      json: { update_id: 1 },
      headers: { 'x-telegram-bot-api-secret-token': secret },
    });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { code: string }).code).toBe('BOT_NOT_RUNNING');
  });
});

function deriveFromCalls(token: string) {
  return String(bed.emulator.control.apiCalls({ token, method: 'setWebhook' })[0]?.params.secret_token);
}
