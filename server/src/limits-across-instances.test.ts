/**
 * Limits and caches across instances (docs/decisions.md#p-accounts, #funnel-tracking, #scale-out): two real servers
 * (`bun server/src/index.ts` in child processes) on one PostgreSQL and one Bot API emulator. Every request comes from
 * 127.0.0.1, so both instances see the same client address:
 * - login throttling: failures on A and B add up to one counter;
 * - the tracking click limit (20, then one every 2 s, per address): what A let through counts on B after one
 *   hand-over period, so the address does not get a second bucket;
 * - a funnel deleted or switched off through A is dropped from B's tracking directory at once, not after its 3 s TTL.
 * PostgreSQL only: the embedded database belongs to one process.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { botResponseSchema, channelsResponseSchema } from '@shared/bots/schemas.ts';
import { funnelCreatedResponseSchema } from '@shared/funnels/schemas.ts';
import { createTelegramEmulator, type TelegramEmulator } from '../../tools/telegram-emulator/emulator.ts';
import { registerUser } from './test-support/fixtures.ts';
import { sharedInstanceEnv, startInstance, type InstanceProcess } from './test-support/instance-process.ts';
import { eventually } from './test-support/telegram.ts';
import { createTestDatabase, realPostgresUrl, type TestDatabase } from './test-support/test-database.ts';

const onPostgres = realPostgresUrl() !== undefined;
if (!onPostgres) console.log('limits-across-instances.test.ts: skipped on the embedded database (one process owns it; set DATABASE_URL to run)');

let emulator: TelegramEmulator;
let db: TestDatabase;
let a: InstanceProcess;
let b: InstanceProcess;
let auth: { token: string };
let botId = '';
let channelId = '';

async function newFunnel(name: string): Promise<{ id: string; uuid: string }> {
  const response = await a.api('/api/funnels', { json: { botId, channelId, name }, ...auth });
  expect(response.status).toBe(201);
  return funnelCreatedResponseSchema.parse(await response.json()).data.funnel;
}

const click = (instance: InstanceProcess, uuid: string) =>
  instance.api(`/api/t/${uuid}/click`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': 'Mozilla/5.0 (Teste)' },
    body: JSON.stringify({ visitId: crypto.randomUUID() }),
  });

async function clicks(instance: InstanceProcess, uuid: string, count: number) {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) statuses.push((await click(instance, uuid)).status);
  return statuses;
}

const login = (instance: InstanceProcess, email: string, password: string) => instance.api('/api/auth/login', { json: { email, password } });

describe.skipIf(!onPostgres)('limits and caches across two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    emulator = createTelegramEmulator({ rateLimits: false });
    db = await createTestDatabase();
    const env = sharedInstanceEnv(db.databaseUrl, emulator.url);
    [a, b] = await Promise.all([startInstance('A', env), startInstance('B', env)]);
    const account = await registerUser(a);
    auth = { token: account.tokens.accessToken };
    const created = emulator.control.createBot({ username: `limits_${Date.now() % 100000}_bot`, first_name: 'Bot Limites' });
    const registered = await a.api('/api/bots', { json: { token: created.token }, ...auth });
    expect(registered.status).toBe(201);
    botId = botResponseSchema.parse(await registered.json()).data.bot.id;
    const owner = emulator.control.createUser({ first_name: 'Dono' });
    const chat = emulator.control.createChat({ type: 'channel', title: 'Canal Limites', creatorId: owner.id });
    await eventually('the bot polling', () => emulator.control.isPolling(created.token), 30_000);
    emulator.control.promoteBot({ chatId: chat.id, bot: created.token });
    channelId = await eventually('the channel', async () => {
      const response = await a.api(`/api/bots/${botId}/channels`, auth);
      return channelsResponseSchema.parse(await response.json()).data.channels.find((item) => item.channelId === String(chat.id))?.id;
    }, 15_000);
  }, 120_000);

  afterAll(async () => {
    for (const instance of [a, b]) instance?.signal('SIGTERM');
    await Promise.all([a, b].map((instance) => instance && Promise.race([instance.exited, Bun.sleep(10_000)])));
    for (const instance of [a, b]) instance?.cleanup();
    await db?.close();
    await emulator?.stop();
  }, 30_000);

  test('login throttling: failures on A and on B count as one (address, email) counter', async () => {
    const email = `${crypto.randomUUID().slice(0, 8)}@exemplo.com`;
    const registered = await a.api('/api/auth/register', { json: { name: 'Alvo', email, password: 'segredo123' } });
    expect(registered.status).toBe(201);
    // Five free attempts per (address, email), alternating instances: B alone saw only two of them.
    for (const instance of [a, b, a, b, a]) expect((await login(instance, email, 'errada123')).status).toBe(401);
    const refused = await login(b, email, 'segredo123');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ success: false, code: 'TOO_MANY_ATTEMPTS' });
  }, 20_000);

  test('the tracking click limit: the bucket A emptied is empty on B after one hand-over, with Retry-After', async () => {
    const funnel = await newFunnel('Funil Cliques');
    // A takes the whole bucket (20): the 21st is refused there.
    const onA = await clicks(a, funnel.uuid, 21);
    expect(onA.filter((status) => status === 200)).toHaveLength(20);
    expect(onA.at(-1)).toBe(429);
    // B has never seen this address: its first click passes (no database round trip on the hot path) and is handed
    // over with A's within one period (250 ms)…
    expect((await clicks(b, funnel.uuid, 1))[0]).toBe(200);
    await Bun.sleep(700);
    // …after which B continues from the shared, empty bucket: without sharing it would have 19 left.
    const onB = await clicks(b, funnel.uuid, 6);
    expect(onB.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
    const refused = await click(b, funnel.uuid);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    const [row] = await db.sql<{ n: number }[]>`select count(*)::int as n from tracking_rate_buckets where key like 'clicks:%'`;
    expect(row?.n).toBe(1);
  }, 30_000);

  test('a funnel deleted or switched off through A leaves B’s tracking directory at once, not after its TTL', async () => {
    const switched = await newFunnel('Funil Pausado');
    const deleted = await newFunnel('Funil Apagado');
    // B caches both (a script load each).
    expect(await (await b.api(`/api/js/${switched.uuid}.js`)).text()).toContain('"a":1');
    expect((await b.api(`/api/js/${deleted.uuid}.js`)).status).toBe(200);

    const off = await a.api(`/api/funnels/${switched.id}`, { method: 'PUT', json: { isActive: false }, ...auth });
    expect(off.status).toBe(200);
    let started = performance.now();
    await eventually('B to serve the inactive script', async () => (await (await b.api(`/api/js/${switched.uuid}.js`)).text()).includes('"a":0'), 5_000);
    const switchedMs = performance.now() - started;

    expect((await a.api(`/api/funnels/${deleted.id}`, { method: 'DELETE', ...auth })).status).toBe(200);
    started = performance.now();
    await eventually('B to forget the deleted funnel', async () => (await b.api(`/api/js/${deleted.uuid}.js`)).status === 404, 5_000);
    const deletedMs = performance.now() - started;
    console.log(`directory on B: switch-off seen after ${switchedMs.toFixed(0)} ms, delete after ${deletedMs.toFixed(0)} ms (TTL 3 000 ms)`);
    expect(switchedMs).toBeLessThan(1_000);
    expect(deletedMs).toBeLessThan(1_000);
  }, 30_000);
});
