/**
 * Switching between long polling and webhook mode on one database (docs/decisions.md#webhook-queue), both engines:
 * restarted in webhook mode, an update_id below where polling had got is a duplicate (Telegram re-sends the batch the
 * last getUpdates had not confirmed) and a polled batch a killed owner left unreceipted is handled first; restarted in
 * polling mode, updates still waiting in the webhook queue are handled before polling starts.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { botResponseSchema } from '@shared/bots/schemas.ts';
import { createTelegramEmulator, type TelegramEmulator } from '../../../../../tools/telegram-emulator/emulator.ts';
import { deriveSecretHex } from '../../../lib/crypto.ts';
import { registerUser } from '../../../test-support/fixtures.ts';
import { flowBuilder } from '../../../test-support/flow-builder.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer, type TestServerOptions } from '../../../test-support/start-test-server.ts';
import { eventually } from '../../../test-support/telegram.ts';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database.ts';

let emulator: TelegramEmulator;
let db: TestDatabase;
let server: TestServer | undefined;

beforeAll(async () => {
  emulator = createTelegramEmulator({ rateLimits: false, webhookRetryBaseMs: 20, webhookRetryMaxMs: 200 });
  db = await createTestDatabase();
}, SERVER_START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
  await db.close();
  await emulator.stop();
});

function start(options: TestServerOptions = {}) {
  // The same secrets across restarts, as an operator's DATA_DIR (shared here) keeps them.
  return startTestServer({ database: db, telegramRetry: { baseDelayMs: 20, maxDelayMs: 200 }, ...options, env: { TELEGRAM_API_ROOT: emulator.url } });
}

test('polling → webhook → polling: a re-sent polled update is a duplicate, what waited in the queue is handled first', async () => {
  server = await start();
  const account = await registerUser(server);
  const auth = { token: account.tokens.accessToken };
  const created = emulator.control.createBot({ username: `switch_${Date.now() % 100000}_bot` });
  const response = await server.api('/api/bots', { json: { token: created.token }, token: auth.token });
  expect(response.status).toBe(201);
  const bot = botResponseSchema.parse(await response.json()).data.bot;
  const build = flowBuilder(server, auth, bot.id);
  const flowId = await build.flow();
  await build.chain(flowId, [await build.node(flowId, 'trigger_message', { pattern: '*' }), await build.node(flowId, 'send_text', { message: 'eco: {{message.text}}' })]);
  const user = emulator.control.createUser({ first_name: 'Lia' });
  const echoes = () => emulator.control.sentMessages({ token: created.token, chatId: user.id }).map((sent) => sent.text);
  await eventually('polling', () => emulator.control.isPolling(created.token));
  emulator.control.sendPrivateMessage({ from: user.id, bot: created.token, text: 'polled' });
  await eventually('the polled echo', () => echoes().length === 1);
  await server.stop();
  const [lease] = await db.sql<{ nextOffset: bigint }[]>`select next_offset as "nextOffset" from bot_polling where bot_id = ${bot.id}`;
  const polledThrough = Number(lease?.nextOffset) - 1;
  expect(polledThrough).toBeGreaterThan(0);

  // A polled batch a killed owner left without receipts (stored, its offset already past it).
  const leftId = polledThrough;
  const left = {
    update_id: leftId,
    message: { message_id: leftId, date: 1, chat: { id: user.id, type: 'private', first_name: 'Lia' }, from: { id: user.id, is_bot: false, first_name: 'Lia' }, text: 'deixado' },
  };
  await db.sql`insert into polled_batches (bot_id, first_update_id, reader, updates, pending)
    values (${bot.id}, ${leftId}, gen_random_uuid(), ${db.sql.json([left])}, ${[leftId]})`;

  // Webhook mode on the same database.
  server = await start({ webhookOverLoopback: true });
  await eventually('the left batch handled', () => echoes().length === 2);
  await eventually('the webhook set', () => emulator.control.apiCalls({ token: created.token, method: 'setWebhook' }).length === 1);
  const secret = deriveSecretHex(server.config.encryptionKey, `webhook:${bot.id}`);
  const update = (updateId: number, text: string) => ({
    update_id: updateId,
    message: { message_id: updateId, date: 1, chat: { id: user.id, type: 'private', first_name: 'Lia' }, from: { id: user.id, is_bot: false, first_name: 'Lia' }, text },
  });
  const post = async (updateId: number, text: string) => {
    const answer = await server?.api(`/api/telegram/webhook/${bot.id}`, { json: update(updateId, text), headers: { 'x-telegram-bot-api-secret-token': secret } });
    return ((await answer?.json()) as { data: { outcome: string } }).data.outcome;
  };
  // Telegram re-sending the last polled update by webhook: handled already.
  expect(await post(polledThrough, 'polled')).toBe('duplicate');
  expect(await post(polledThrough + 1, 'hooked')).toBe('accepted');
  await eventually('the webhook echo', () => echoes().length === 3);
  await server.stop();

  // An update accepted by webhook whose handling had not started when the server went down (as a kill leaves it).
  await db.sql`insert into webhook_updates (bot_id, update_id, payload) values (${bot.id}, ${polledThrough + 2}, ${db.sql.json(update(polledThrough + 2, 'waited'))})`;
  // And a newer one waiting at Telegram: the queued one, older, goes first.
  emulator.control.sendPrivateMessage({ from: user.id, bot: created.token, text: 'polled again' });
  server = await start();
  await eventually('both echoes', () => echoes().length === 5);
  await Bun.sleep(300);
  expect(echoes()).toEqual(['eco: polled', 'eco: deixado', 'eco: hooked', 'eco: waited', 'eco: polled again']);
  expect(await db.sql`select 1 from polled_batches where bot_id = ${bot.id}`).toHaveLength(0);
  const waiting = await db.sql`select 1 from webhook_updates where bot_id = ${bot.id} and handled_at is null`;
  expect(waiting).toHaveLength(0);
}, 60_000);
