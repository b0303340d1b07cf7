/**
 * The delivery engine alone (a runtime that sends nothing, a database that refuses writes for a while): a failed
 * outcome write must neither end the process (an unhandled rejection) nor lose or repeat a recipient.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Sql } from '../../db/client.ts';
import { createLogger } from '../../lib/logger.ts';
import { idleRuntime, type BotRuntime } from '../../ports/bot-runtime.ts';
import { insertBot, registerUser } from '../../test-support/fixtures.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';
import { eventually } from '../../test-support/telegram.ts';
import { createBroadcastEngine } from './engine.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
// Stopping drains HTTP (3 s) and waits for the engines; on a loaded machine that passes the 5 s hook default.
afterAll(() => server.stop(), 20_000);

test('outcome writes refused by the database for a while: the engine keeps them, stops claiming, then records each recipient once', async () => {
  const account = await registerUser(server);
  const botId = await insertBot(server, account.user.id);
  const sql = server.db.sql;
  await sql`update bots set broadcast_rate = 1000 where id = ${botId}`;
  await sql`insert into contacts (bot_id, telegram_id, first_name) select ${botId}, 700000000000 + n, 'C ' || n from generate_series(1, 300) as n`;
  const [row] = await sql<{ id: string }[]>`
    insert into broadcasts (user_id, bot_id, name, message, target_type, status, started_at)
    values (${account.user.id}, ${botId}, 'Falha de escrita', 'Olá', 'ALL', 'SENDING', now()) returning id`;
  const id = row?.id ?? '';
  await sql`insert into broadcast_recipients (broadcast_id, telegram_id, contact_id) select ${id}, telegram_id, id from contacts where bot_id = ${botId}`;

  let refusals = 3;
  const flaky = ((strings: TemplateStringsArray, ...values: unknown[]) => {
    if (refusals > 0 && strings.join('?').includes('set status = o.status')) {
      refusals -= 1;
      return Promise.reject(new Error('conexão perdida'));
    }
    return (sql as unknown as (s: TemplateStringsArray, ...v: unknown[]) => unknown)(strings, ...values);
  }) as unknown as Sql;
  const sends = new Map<number, number>();
  const runtime: BotRuntime = {
    ...idleRuntime,
    isRunning: () => true,
    sendBroadcast: async (_bot, message) => {
      sends.set(message.chatId, (sends.get(message.chatId) ?? 0) + 1);
      return { ok: true, messageId: 1, fileId: undefined };
    },
  };
  const errors: string[] = [];
  const logger = createLogger('error', (line) => errors.push(line));
  const engine = createBroadcastEngine({ sql: flaky, logger, runtime, pollMs: 50 });
  engine.start();
  try {
    await eventually('COMPLETED', async () => (await sql<{ status: string }[]>`select status from broadcasts where id = ${id}`)[0]?.status === 'COMPLETED', 30_000);
  } finally {
    await engine.stop();
  }
  expect(refusals).toBe(0);
  expect(errors.some((line) => line.includes('falha ao gravar resultados de broadcast'))).toBe(true);
  const [counts] = await sql<{ sent: number; other: number }[]>`
    select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status <> 'sent')::int as other from broadcast_recipients where broadcast_id = ${id}`;
  expect(counts).toEqual({ sent: 300, other: 0 });
  expect(sends.size).toBe(300);
  expect([...sends.values()].every((n) => n === 1)).toBe(true);
}, 60_000);

test('a changed bots.broadcast_rate applies to a bot already sending, without a restart', async () => {
  const account = await registerUser(server);
  const botId = await insertBot(server, account.user.id);
  const sql = server.db.sql;
  await sql`update bots set broadcast_rate = 5 where id = ${botId}`;
  await sql`insert into contacts (bot_id, telegram_id, first_name) select ${botId}, 710000000000 + n, 'C ' || n from generate_series(1, 400) as n`;
  const [row] = await sql<{ id: string }[]>`
    insert into broadcasts (user_id, bot_id, name, message, target_type, status, started_at)
    values (${account.user.id}, ${botId}, 'Velocidade', 'Olá', 'ALL', 'SENDING', now()) returning id`;
  const id = row?.id ?? '';
  await sql`insert into broadcast_recipients (broadcast_id, telegram_id, contact_id) select ${id}, telegram_id, id from contacts where bot_id = ${botId}`;
  const stamps: number[] = [];
  const runtime: BotRuntime = {
    ...idleRuntime,
    isRunning: () => true,
    sendBroadcast: async () => {
      stamps.push(Date.now());
      return { ok: true, messageId: 1, fileId: undefined };
    },
  };
  const engine = createBroadcastEngine({ sql, logger: createLogger('error', () => {}), runtime, pollMs: 50 });
  engine.start();
  try {
    // The window starts full (one second), then 5 a second.
    await eventually('the slow start', async () => stamps.length >= 8, 10_000);
    const slow = stamps.filter((at) => at > Date.now() - 1000).length;
    expect(slow).toBeLessThanOrEqual(6);
    await sql`update bots set broadcast_rate = 200 where id = ${botId}`;
    const changedAt = Date.now();
    await eventually('the new rate', async () => stamps.length >= 300, 10_000);
    const fast = stamps.filter((at) => at > changedAt + 500);
    const span = ((fast.at(-1) ?? 0) - (fast[0] ?? 0)) / 1000;
    expect(fast.length / Math.max(span, 0.001)).toBeGreaterThan(50);
  } finally {
    await engine.stop();
  }
}, 30_000);
