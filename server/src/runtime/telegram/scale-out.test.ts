/**
 * Several instances on one PostgreSQL (docs/decisions.md#scale-out): three real servers (`bun server/src/index.ts`
 * in child processes, started together so their migrations race for the lock) share one database and one Bot API
 * emulator with ten bots. Every bot is polled by exactly one instance; every message is answered once; a SIGKILLed
 * instance's bots answer again within 30 s with no update handled twice; a bot switched off through another
 * instance stops being polled within about a second; a SIGTERMed instance exits within 10 s and hands its bots over
 * at once. Default leases and rounds (15 s / 5 s), as in production. The kill moment is seeded; the seed is printed.
 * PostgreSQL only: the embedded database belongs to one process, so there is nothing to share.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { botResponseSchema } from '@shared/bots/schemas.ts';
import { createTelegramEmulator, type TelegramEmulator } from '../../../../tools/telegram-emulator/emulator.ts';
import { readMigrations } from '../../db/migrate.ts';
import { registerUser } from '../../test-support/fixtures.ts';
import { flowBuilder } from '../../test-support/flow-builder.ts';
import { startInstance, type InstanceProcess } from '../../test-support/instance-process.ts';
import { eventually } from '../../test-support/telegram.ts';
import { createTestDatabase, realPostgresUrl, type TestDatabase } from '../../test-support/test-database.ts';

const onPostgres = realPostgresUrl() !== undefined;
const SEED = Number(process.env.SCALE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const BOTS = 10;

if (!onPostgres) console.log('scale-out.test.ts: skipped on the embedded database (one process owns it; set DATABASE_URL to run)');

type TestBot = { id: string; token: string };

let emulator: TelegramEmulator;
let db: TestDatabase;
let instances: InstanceProcess[] = [];
let auth: { token: string };
const bots: TestBot[] = [];
let messageCounter = 0;

/** mulberry32: a small seeded generator, so a failing kill moment can be replayed with SCALE_SEED. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fresh user writes one unique text to the bot; the bot's flow answers "eco: <text>". */
function say(bot: TestBot): { text: string; userId: number; at: number } {
  const text = `m${++messageCounter}`;
  const user = emulator.control.createUser({ first_name: `U${messageCounter}` });
  emulator.control.sendPrivateMessage({ from: user.id, bot: bot.token, text });
  return { text, userId: user.id, at: Date.now() };
}

function replies(bot: TestBot, message: { text: string; userId: number }): number {
  return emulator.control.sentMessages({ token: bot.token, chatId: message.userId }).filter((sent) => sent.text === `eco: ${message.text}`).length;
}

async function owners(): Promise<Map<string, string | null>> {
  const rows = await db.sql<{ botId: string; owner: string | null }[]>`
    select b.id as "botId", p.owner from bots b left join bot_polling p on p.bot_id = b.id where b.is_active`;
  return new Map(rows.map((row) => [row.botId, row.owner]));
}

const conflicts = () => emulator.control.apiCalls({ method: 'getUpdates' }).filter((call) => call.errorCode === 409).length;
const byId = (instanceId: string) => instances.find((instance) => instance.instanceId === instanceId);

describe.skipIf(!onPostgres)(`several instances on one PostgreSQL (seed ${SEED})`, () => {
  beforeAll(async () => {
    console.log(`scale-out seed ${SEED} (SCALE_SEED=${SEED} replays it)`);
    emulator = createTelegramEmulator({ rateLimits: false });
    db = await createTestDatabase();
    const env = {
      databaseUrl: db.databaseUrl ?? '',
      telegramApiRoot: emulator.url,
      jwtSecret: randomBytes(24).toString('hex'),
      encryptionKeyHex: randomBytes(32).toString('hex'),
    };
    // Together: three boots race for the migration lock on a fresh database.
    instances = await Promise.all(['A', 'B', 'C'].map((name) => startInstance(name, env)));
    const [a] = instances;
    if (!a) throw new Error('no instance');
    const account = await registerUser(a);
    auth = { token: account.tokens.accessToken };
    for (let index = 0; index < BOTS; index += 1) {
      // Bots are registered and given their flow through different instances.
      const via = instances[index % instances.length] ?? a;
      const created = emulator.control.createBot({ username: `scale_${index}_${SEED % 10000}_bot`, first_name: `Bot ${index}` });
      const response = await via.api('/api/bots', { json: { token: created.token }, token: auth.token });
      expect(response.status).toBe(201);
      const bot = botResponseSchema.parse(await response.json()).data.bot;
      const build = flowBuilder(via, auth, bot.id);
      const flowId = await build.flow();
      await build.chain(flowId, [await build.node(flowId, 'trigger_message', { pattern: '*' }), await build.node(flowId, 'send_text', { message: 'eco: {{message.text}}' })]);
      bots.push({ id: bot.id, token: created.token });
    }
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) {
      try {
        instance.signal('SIGTERM');
      } catch {
        // already gone
      }
    }
    await Promise.all(instances.map((instance) => Promise.race([instance.exited, Bun.sleep(10_000)])));
    for (const instance of instances) instance.cleanup();
    await db?.close();
    await emulator?.stop();
  }, 30_000);

  test('migrations ran once although three instances booted together; /api/ready on each', async () => {
    const applied = await db.sql<{ n: number }[]>`select count(*)::int as n from schema_migrations`;
    expect(applied[0]?.n).toBe(readMigrations().length);
    // One boot applied them under the lock; the other two waited for it and found nothing pending.
    const appliers = instances.filter((instance) => instance.lines.some((line) => line.includes('migrações aplicadas')));
    expect(appliers.length).toBe(1);
    for (const instance of instances) expect((await instance.api('/api/ready')).status).toBe(200);
  });

  test('each bot is polled by exactly one instance, spread over all three, and answers every message once', async () => {
    const spread = await eventually('every bot owned, every instance with bots', async () => {
      const map = await owners();
      const counts = new Map<string, number>();
      for (const owner of map.values()) if (owner) counts.set(owner, (counts.get(owner) ?? 0) + 1);
      const allOwned = [...map.values()].every((owner) => owner !== null && byId(owner));
      return allOwned && counts.size === 3 && [...counts.values()].every((count) => count <= Math.ceil(BOTS / 3)) ? counts : undefined;
    }, 30_000);
    console.log('bots per instance', Object.fromEntries([...spread].map(([id, count]) => [byId(id)?.name, count])));
    await eventually('every bot polling', () => bots.every((bot) => emulator.control.isPolling(bot.token)), 10_000);
    const before = conflicts();
    const sent = bots.map((bot) => ({ bot, message: say(bot) }));
    await eventually('every bot to answer', () => sent.every(({ bot, message }) => replies(bot, message) >= 1), 15_000);
    await Bun.sleep(1_000);
    for (const { bot, message } of sent) expect(replies(bot, message)).toBe(1);
    // No 409 storm: in steady state nobody else polls a bot's token.
    expect(conflicts() - before).toBe(0);
  }, 90_000);

  test('a bot switched off through instance A while B polls it stops being polled within a second, and comes back', async () => {
    const [a, b] = instances;
    if (!a || !b) throw new Error('instances');
    const map = await owners();
    const target = bots.find((bot) => map.get(bot.id) === b.instanceId);
    if (!target) throw new Error('B owns no bot');
    const started = Date.now();
    expect((await a.api(`/api/bots/${target.id}`, { method: 'PATCH', json: { isActive: false }, token: auth.token })).status).toBe(200);
    await eventually('B to stop polling', () => !emulator.control.isPolling(target.token), 5_000);
    const stoppedMs = Date.now() - started;
    const calls = emulator.control.apiCalls({ token: target.token, method: 'getUpdates' }).length;
    await Bun.sleep(1_500);
    expect(emulator.control.apiCalls({ token: target.token, method: 'getUpdates' }).length).toBe(calls);
    expect(emulator.control.isPolling(target.token)).toBe(false);
    console.log(`switched off on A → B stopped polling in ${stoppedMs} ms`);
    expect(stoppedMs).toBeLessThan(1_500);

    const waiting = say(target);
    const restarted = Date.now();
    expect((await a.api(`/api/bots/${target.id}`, { method: 'PATCH', json: { isActive: true }, token: auth.token })).status).toBe(200);
    await eventually('the bot to answer what waited', () => replies(target, waiting) === 1, 5_000);
    console.log(`switched on again → answered in ${Date.now() - restarted} ms`);
    expect(Date.now() - restarted).toBeLessThan(2_000);
  }, 30_000);

  test('kill -9 of one instance: its bots answer again within 30 s, no update handled twice', async () => {
    const random = seeded(SEED);
    const victim = instances[2];
    if (!victim) throw new Error('instances');
    const map = await owners();
    const victimBots = new Set(bots.filter((bot) => map.get(bot.id) === victim.instanceId).map((bot) => bot.id));
    expect(victimBots.size).toBeGreaterThan(0);
    // Traffic for 3 s, one message every 100 ms to a random bot; the kill lands at a seeded moment inside it.
    const killAfterMs = 500 + Math.floor(random() * 2_000);
    const traffic: { bot: TestBot; message: ReturnType<typeof say> }[] = [];
    const trafficStart = Date.now();
    let killedAt = 0;
    while (Date.now() - trafficStart < 3_000) {
      if (!killedAt && Date.now() - trafficStart >= killAfterMs) {
        victim.signal('SIGKILL');
        killedAt = Date.now();
      }
      const bot = bots[Math.floor(random() * bots.length)] ?? bots[0];
      if (bot) traffic.push({ bot, message: say(bot) });
      await Bun.sleep(100);
    }
    await victim.exited;
    // One more message to each of the victim's bots: answered once another instance took the bot over.
    const after = bots.filter((bot) => victimBots.has(bot.id)).map((bot) => ({ bot, message: say(bot) }));
    await eventually('the victim\'s bots to answer again', () => after.every(({ bot, message }) => replies(bot, message) >= 1), 35_000);
    const failoverMs = Date.now() - killedAt;
    console.log(`kill at +${killAfterMs} ms; every bot of the killed instance answered again ${failoverMs} ms after the kill`);
    expect(failoverMs).toBeLessThan(30_000);
    await eventually('the traffic after the kill to be answered', () =>
      traffic.every(({ bot, message }) => message.at < killedAt && victimBots.has(bot.id) ? true : replies(bot, message) >= 1), 10_000);
    await Bun.sleep(1_000);
    // Never twice, anywhere.
    for (const { bot, message } of [...traffic, ...after]) expect(replies(bot, message)).toBeLessThanOrEqual(1);
    // Lost only what the killed instance had in hand: a batch per bot at most (docs/decisions.md#scale-out).
    const unanswered = traffic.filter(({ bot, message }) => replies(bot, message) === 0);
    console.log(`unanswered (in the killed instance's hands at the kill): ${unanswered.map(({ message }) => message.text).join(', ') || 'none'}`);
    for (const { bot, message } of unanswered) {
      expect(victimBots.has(bot.id)).toBe(true);
      expect(message.at).toBeLessThan(killedAt);
    }
    expect(unanswered.length).toBeLessThanOrEqual(victimBots.size * 2);
  }, 90_000);

  test('SIGTERM: the instance exits within 10 s and the other one takes its bots over at once', async () => {
    const [a, b] = instances;
    if (!a || !b) throw new Error('instances');
    const map = await owners();
    const handed = bots.filter((bot) => map.get(bot.id) === b.instanceId);
    expect(handed.length).toBeGreaterThan(0);
    const started = Date.now();
    b.signal('SIGTERM');
    expect(await b.exited).toBe(0);
    const exitMs = Date.now() - started;
    await eventually('A to hold every bot', async () => [...(await owners()).values()].every((owner) => owner === a.instanceId), 10_000);
    const takeoverMs = Date.now() - started - exitMs;
    console.log(`SIGTERM → exit in ${exitMs} ms; A held every bot ${takeoverMs} ms later`);
    expect(exitMs).toBeLessThan(10_000);
    expect(takeoverMs).toBeLessThan(3_000);
    const sent = handed.map((bot) => ({ bot, message: say(bot) }));
    await eventually('the handed-over bots to answer', () => sent.every(({ bot, message }) => replies(bot, message) === 1), 10_000);
  }, 40_000);
});
