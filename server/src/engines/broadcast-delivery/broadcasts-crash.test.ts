/**
 * At most once across a crash (docs/decisions.md#broadcast-delivery), PostgreSQL only: the server runs in a child
 * process (the embedded database lives inside the server's process, so it would die with it; skipped there, as in
 * jobs/shutdown.test.ts). Also two engines with pools of their own claiming from one database at once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { botResponseSchema } from '@shared/bots/schemas.ts';
import { broadcastResponseSchema } from '@shared/broadcasts/answers.ts';
import { createTelegramEmulator, type TelegramEmulator } from '../../../../tools/telegram-emulator/emulator.ts';
import { connect } from '../../db/client.ts';
import { createLogger } from '../../lib/logger.ts';
import { idleRuntime, type BotRuntime } from '../../ports/bot-runtime.ts';
import { spawnServerChild, type ServerChild } from '../../test-support/broadcast-server.ts';
import { registerUser } from '../../test-support/fixtures.ts';
import type { TestServer } from '../../test-support/start-test-server.ts';
import { eventually } from '../../test-support/telegram.ts';
import { createTestDatabase, realPostgresUrl, type TestDatabase } from '../../test-support/test-database.ts';
import { createBroadcastEngine } from './engine.ts';

const onPostgres = Boolean(realPostgresUrl());
const LEASE_MS = 3000;

describe.skipIf(!onPostgres)('broadcasts across a kill -9 and with two engines (PostgreSQL only: the embedded database dies with its process)', () => {
  let db: TestDatabase;
  let emulator: TelegramEmulator;
  let dataDir: string;
  let server: ServerChild | undefined;
  let botId = '';
  let userId = '';

  beforeAll(async () => {
    db = await createTestDatabase();
    emulator = createTelegramEmulator({ rateLimits: {} });
    dataDir = mkdtempSync(path.join(tmpdir(), 'canalize-crash-'));
  }, 30_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await emulator.stop();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = () => spawnServerChild({ databaseUrl: db.databaseUrl ?? '', apiRoot: emulator.url, dataDir, leaseMs: LEASE_MS });
  const statusOf = async (id: string) => (await db.sql<{ status: string }[]>`select status from broadcasts where id = ${id}`)[0]?.status;

  test('SIGKILL mid-broadcast (200 recipients at 30/s), a new server on the same database: everyone accounted for, nobody twice, COMPLETED', async () => {
    server = await start();
    const account = await registerUser(server as unknown as TestServer);
    userId = account.user.id;
    const created = emulator.control.createBot({ username: `canalize_crash_${Date.now() % 100000}_bot`, first_name: 'Bot Crash' });
    const added = await server.api('/api/bots', { json: { token: created.token }, token: account.tokens.accessToken });
    expect(added.status).toBe(201);
    botId = botResponseSchema.parse(await added.json()).data.bot.id;
    await eventually('the bot to poll', () => emulator.control.isPolling(created.token));

    const users = Array.from({ length: 200 }, (_, index) => emulator.control.createUser({ first_name: `Pessoa ${index}` }));
    for (const user of users) emulator.control.sendPrivateMessage({ from: user.id, bot: created.token, text: '/start' });
    await eventually('200 contacts', async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from contacts where bot_id = ${botId}`)[0]?.n === 200, 30_000);

    const made = await server.api('/api/broadcasts', { token: account.tokens.accessToken, json: { name: 'Crash', botId, message: 'Olá', targetType: 'ALL' } });
    const broadcast = broadcastResponseSchema.parse(await made.json()).data.broadcast;
    const sending = await server.api(`/api/broadcasts/${broadcast.id}/send`, { method: 'POST', token: account.tokens.accessToken });
    expect(sending.status).toBe(200);
    await Bun.sleep(2000);
    // Killed the moment the emulator accepts a message, before its answer reaches the server: that send is in
    // the uncertain window (delivered, its outcome never recorded).
    await emulator.control.waitForSentMessage({ token: created.token, method: 'sendMessage', since: emulator.control.mark() });
    await server.kill('SIGKILL');
    const beforeKill = emulator.control.sentMessages({ token: created.token, method: 'sendMessage' }).length;
    const [stranded] = await db.sql<{ sending: number; sent: number }[]>`
      select count(*) filter (where status = 'sending')::int as sending, count(*) filter (where status = 'sent')::int as sent
      from broadcast_recipients where broadcast_id = ${broadcast.id}`;
    expect(beforeKill).toBeGreaterThan(20);
    expect(beforeKill).toBeLessThan(200);

    server = await start();
    await eventually('the broadcast to finish', async () => ['COMPLETED', 'FAILED'].includes((await statusOf(broadcast.id)) ?? ''), 60_000);
    expect(await statusOf(broadcast.id)).toBe('COMPLETED');

    const rows = await db.sql<{ telegramId: bigint; status: string; reason: string | null }[]>`
      select telegram_id as "telegramId", status, reason from broadcast_recipients where broadcast_id = ${broadcast.id}`;
    expect(rows).toHaveLength(200);
    expect(rows.every((row) => ['sent', 'failed', 'skipped'].includes(row.status))).toBe(true);
    const perChat = new Map<number, number>();
    for (const record of emulator.control.sentMessages({ token: created.token, method: 'sendMessage' })) perChat.set(record.chatId, (perChat.get(record.chatId) ?? 0) + 1);
    const duplicates = [...perChat.values()].filter((n) => n > 1).length;
    expect(duplicates).toBe(0);
    // Every 'sent' row reached its chat; the only failures are the uncertain ones left in flight by the kill.
    for (const row of rows.filter((r) => r.status === 'sent')) expect(perChat.get(Number(row.telegramId))).toBe(1);
    const uncertain = rows.filter((r) => r.status === 'failed');
    expect(uncertain.every((r) => r.reason?.includes('Resultado incerto'))).toBe(true);
    expect(uncertain.length).toBe(stranded?.sending ?? -1);
    console.log(`kill -9 after 2 s: ${beforeKill} delivered before the kill (${stranded?.sent} recorded, ${stranded?.sending} in flight); after the restart ${rows.filter((r) => r.status === 'sent').length} sent, ${uncertain.length} uncertain, 0 duplicates`);
  }, 120_000);

  test('two engines with pools of their own claiming one broadcast at once never send a recipient twice', async () => {
    // The bot polls in one process only, so two servers never both send it: this drives two engines (two claim
    // loops, two pools, as two processes would have) over one database with a runtime that sends nothing.
    await server?.kill('SIGTERM');
    server = undefined;
    expect(botId).not.toBe('');
    await db.sql`update bots set broadcast_rate = 1000 where id = ${botId}`;
    await db.sql`insert into contacts (bot_id, telegram_id, first_name) select ${botId}, 900000000000 + n, 'Massa ' || n from generate_series(1, 3000) as n`;
    const [row] = await db.sql<{ id: string }[]>`
      insert into broadcasts (user_id, bot_id, name, message, target_type, status, started_at)
      values (${userId}, ${botId}, 'Dois motores', 'Olá', 'ALL', 'SENDING', now()) returning id`;
    const id = row?.id ?? '';
    await db.sql`insert into broadcast_recipients (broadcast_id, telegram_id, contact_id) select ${id}, telegram_id, id from contacts where bot_id = ${botId} and telegram_id > 900000000000`;

    const sends = new Map<number, number[]>();
    const runtime = (engine: number): BotRuntime => ({
      ...idleRuntime,
      isRunning: () => true,
      sendBroadcast: async (_bot, message) => {
        sends.set(message.chatId, [...(sends.get(message.chatId) ?? []), engine]);
        await Bun.sleep(Math.random() * 3);
        return { ok: true, messageId: 1, fileId: undefined };
      },
    });
    const logger = createLogger('error', () => {});
    const pools = [connect(db.databaseUrl ?? '', 5), connect(db.databaseUrl ?? '', 5)];
    const engines = pools.map((sql, index) => createBroadcastEngine({ sql, logger, runtime: runtime(index), pollMs: 50 }));
    for (const engine of engines) engine.start();
    try {
      await eventually('both engines done', async () => (await statusOf(id)) === 'COMPLETED', 60_000);
    } finally {
      await Promise.all(engines.map((engine) => engine.stop()));
      await Promise.all(pools.map((sql) => sql.end({ timeout: 5 })));
    }
    const [counts] = await db.sql<{ sent: number; other: number }[]>`
      select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status <> 'sent')::int as other from broadcast_recipients where broadcast_id = ${id}`;
    expect(counts).toEqual({ sent: 3000, other: 0 });
    expect(sends.size).toBe(3000);
    expect([...sends.values()].filter((by) => by.length > 1)).toEqual([]);
    const byEngine = [0, 1].map((engine) => [...sends.values()].filter((by) => by[0] === engine).length);
    console.log(`two engines: ${byEngine.join(' + ')} sends, 0 twice`);
    // Both really claimed (else this proved nothing about two claimers).
    expect(Math.min(...byEngine)).toBeGreaterThan(0);
  }, 90_000);
});
