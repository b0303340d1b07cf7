/**
 * SIGTERM on a real process (docs/decisions.md#scale-out): `bun server/src/index.ts` with a polling bot stops taking
 * work, gives its bot's lease back and exits with 0 within 10 s. On both engines (the embedded database in the
 * instance's own DATA_DIR; on PostgreSQL a throw-away database, where the released lease is checked too).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { botResponseSchema } from '@shared/bots/schemas.ts';
import { createTelegramEmulator, type TelegramEmulator } from '../../tools/telegram-emulator/emulator.ts';
import { registerUser } from './test-support/fixtures.ts';
import { startInstance, type InstanceProcess } from './test-support/instance-process.ts';
import { eventually } from './test-support/telegram.ts';
import { connect } from './db/client.ts';
import { realPostgresUrl } from './test-support/test-database.ts';

let emulator: TelegramEmulator;
let instance: InstanceProcess;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  emulator = createTelegramEmulator({ rateLimits: false });
  const adminUrl = realPostgresUrl();
  if (adminUrl) {
    const name = `canalize_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = connect(adminUrl, 1);
    await admin.unsafe(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    };
  }
  instance = await startInstance('stop', {
    databaseUrl, telegramApiRoot: emulator.url, jwtSecret: randomBytes(24).toString('hex'), encryptionKeyHex: randomBytes(32).toString('hex'),
  });
}, 90_000);

afterAll(async () => {
  instance?.cleanup();
  await dropDatabase?.();
  await emulator?.stop();
});

describe('SIGTERM', () => {
  test('a serving instance with a polling bot exits with 0 within 10 s and gives the bot back', async () => {
    const account = await registerUser(instance);
    const created = emulator.control.createBot({ username: 'stop_test_bot', first_name: 'Bot' });
    const response = await instance.api('/api/bots', { json: { token: created.token }, token: account.tokens.accessToken });
    expect(response.status).toBe(201);
    const bot = botResponseSchema.parse(await response.json()).data.bot;
    await eventually('the bot to poll', () => emulator.control.isPolling(created.token), 10_000);
    expect((await instance.api('/api/ready')).status).toBe(200);
    const started = Date.now();
    instance.signal('SIGTERM');
    expect(await instance.exited).toBe(0);
    const elapsed = Date.now() - started;
    console.log(`SIGTERM → exit in ${elapsed} ms`);
    expect(elapsed).toBeLessThan(10_000);
    expect(emulator.control.isPolling(created.token)).toBe(false);
    if (databaseUrl) {
      const sql = connect(databaseUrl, 1);
      const rows = await sql<{ owner: string | null }[]>`select owner from bot_polling where bot_id = ${bot.id}`;
      const instances = await sql<{ n: number }[]>`select count(*)::int as n from server_instances`;
      await sql.end({ timeout: 5 });
      expect(rows[0]?.owner).toBeNull();
      expect(instances[0]?.n).toBe(0);
    }
  }, 60_000);
});
