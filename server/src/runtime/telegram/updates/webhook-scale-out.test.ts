/**
 * Webhook mode on several instances (docs/decisions.md#webhook-queue): three real servers (`bun server/src/index.ts`)
 * on one PostgreSQL behind a small load balancer (this file: round robin, the next instance when one does not
 * answer), which is the PUBLIC_URL every instance gives Telegram (the emulator). Proven here: only a bot's owner
 * sets its webhook, once; an update reaching any instance is handled once, each chat in update_id order; the same
 * update_id on two instances is handled once; a wrong secret is refused everywhere; switching a bot off through
 * another instance removes its webhook and every instance refuses its updates, switching it on answers what waited;
 * `kill -9` of an owner: another instance takes its queue over within 30 s and nothing is lost: the rows the killed
 * one had taken without storing their receipts are taken again (answered twice at most, and only those). Default leases (15 s / 5 s) as in production; the kill moment is seeded (printed).
 * PostgreSQL only: the embedded database belongs to one process.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { botResponseSchema } from '@shared/bots/schemas.ts';
import { createTelegramEmulator, type TelegramEmulator } from '../../../../../tools/telegram-emulator/emulator.ts';
import { deriveSecretHex } from '../../../lib/crypto.ts';
import { registerUser } from '../../../test-support/fixtures.ts';
import { flowBuilder } from '../../../test-support/flow-builder.ts';
import { sharedInstanceEnv, startInstance, stopInstances, type InstanceProcess } from '../../../test-support/instance-process.ts';
import { eventually } from '../../../test-support/telegram.ts';
import { createTestDatabase, realPostgresUrl, type TestDatabase } from '../../../test-support/test-database.ts';
import { seeded } from '../../../test-support/seeded.ts';

const onPostgres = realPostgresUrl() !== undefined;
const SEED = Number(process.env.SCALE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const BOTS = 6;

if (!onPostgres) console.log('webhook-scale-out.test.ts: skipped on the embedded database (one process owns it; set DATABASE_URL to run)');

type TestBot = { id: string; token: string };
type Post = { botId: string; updateId: number; text: string | undefined; via: string; status: number };

let emulator: TelegramEmulator;
let db: TestDatabase;
let instances: InstanceProcess[] = [];
let auth: { token: string };
let encryptionKey: Buffer;
const bots: TestBot[] = [];
let messageCounter = 0;

/** The load balancer in front of the instances: round robin; an instance that does not answer is skipped. */
const upstreams: InstanceProcess[] = [];
const posts: Post[] = [];
let turn = 0;
const balancer = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(request) {
    const body = await request.text();
    const { pathname } = new URL(request.url);
    for (let attempt = 0; attempt < upstreams.length; attempt += 1) {
      const target = upstreams[turn++ % upstreams.length];
      if (!target) continue;
      try {
        const response = await fetch(`${target.url}${pathname}`, { method: request.method, headers: request.headers, body });
        const text = await response.text();
        const update = JSON.parse(body) as { update_id: number; message?: { text?: string } };
        posts.push({ botId: pathname.split('/').at(-1) ?? '', updateId: update.update_id, text: update.message?.text, via: target.name, status: response.status });
        return new Response(text, { status: response.status, headers: { 'content-type': 'application/json' } });
      } catch {
        // Connection refused or reset: the next instance.
      }
    }
    return new Response('no instance answered', { status: 502 });
  },
});


/** A fresh user writes one unique text to the bot; the bot's flow answers "eco: <text>". */
function say(bot: TestBot, userId?: number): { text: string; userId: number; at: number } {
  const text = `m${++messageCounter}`;
  const from = userId ?? emulator.control.createUser({ first_name: `U${messageCounter}` }).id;
  emulator.control.sendPrivateMessage({ from, bot: bot.token, text });
  return { text, userId: from, at: Date.now() };
}

function replies(bot: TestBot, message: { text: string; userId: number }): number {
  return emulator.control.sentMessages({ token: bot.token, chatId: message.userId }).filter((sent) => sent.text === `eco: ${message.text}`).length;
}

/** The echoes a chat received, in the order the bot sent them. */
function echoes(bot: TestBot, chatId: number): string[] {
  return emulator.control.sentMessages({ token: bot.token, chatId }).flatMap((sent) => (sent.text?.startsWith('eco: ') ? [sent.text.slice(5)] : []));
}

async function owners(): Promise<Map<string, string | null>> {
  const rows = await db.sql<{ botId: string; owner: string | null }[]>`
    select b.id as "botId", p.owner from bots b left join bot_polling p on p.bot_id = b.id where b.is_active`;
  return new Map(rows.map((row) => [row.botId, row.owner]));
}

const byId = (instanceId: string) => instances.find((instance) => instance.instanceId === instanceId);
const calls = (bot: TestBot, method: string) => emulator.control.apiCalls({ token: bot.token, method }).length;
const secretOf = (bot: TestBot) => deriveSecretHex(encryptionKey, `webhook:${bot.id}`);

/** Posts an update straight to one instance, as Telegram would through the balancer. */
function postTo(instance: InstanceProcess, bot: TestBot, update: Record<string, unknown>, secret = secretOf(bot)) {
  return instance.api(`/api/telegram/webhook/${bot.id}`, { json: update, headers: { 'x-telegram-bot-api-secret-token': secret } });
}

function privateText(updateId: number, user: { id: number; first_name: string }, text: string) {
  return {
    update_id: updateId,
    message: { message_id: updateId, date: Math.floor(Date.now() / 1000), chat: { id: user.id, type: 'private', first_name: user.first_name }, from: { ...user, is_bot: false }, text },
  };
}

describe.skipIf(!onPostgres)(`webhook mode on several instances (seed ${SEED})`, () => {
  beforeAll(async () => {
    console.log(`webhook scale-out seed ${SEED} (SCALE_SEED=${SEED} replays it)`);
    emulator = createTelegramEmulator({ rateLimits: false, webhookRetryBaseMs: 50, webhookRetryMaxMs: 500 });
    db = await createTestDatabase();
    const keyHex = randomBytes(32).toString('hex');
    encryptionKey = Buffer.from(keyHex, 'hex');
    const env = sharedInstanceEnv(db.databaseUrl, emulator.url, { PUBLIC_URL: `http://127.0.0.1:${balancer.port}`, WEBHOOK_ALLOW_LOOPBACK: '1' }, keyHex);
    instances = await Promise.all(['A', 'B', 'C'].map((name) => startInstance(name, env)));
    upstreams.push(...instances);
    const [a] = instances;
    if (!a) throw new Error('no instance');
    const account = await registerUser(a);
    auth = { token: account.tokens.accessToken };
    for (let index = 0; index < BOTS; index += 1) {
      const via = instances[index % instances.length] ?? a;
      const created = emulator.control.createBot({ username: `hook_${index}_${SEED % 10000}_bot`, first_name: `Bot ${index}` });
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
    await stopInstances(instances);
    await balancer.stop(true);
    await db?.close();
    await emulator?.stop();
  }, 30_000);

  test('each bot has one owner, spread over the instances; only the owner set its webhook, once; nobody polls', async () => {
    const spread = await eventually('every bot owned, every instance with bots', async () => {
      const map = await owners();
      const counts = new Map<string, number>();
      for (const owner of map.values()) if (owner) counts.set(owner, (counts.get(owner) ?? 0) + 1);
      const allOwned = map.size === BOTS && [...map.values()].every((owner) => owner !== null && byId(owner));
      return allOwned && counts.size === 3 ? counts : undefined;
    }, 30_000);
    console.log('bots per instance', Object.fromEntries([...spread].map(([id, count]) => [byId(id)?.name, count])));
    await eventually('every webhook set', () => bots.every((bot) => calls(bot, 'setWebhook') >= 1), 10_000);
    await Bun.sleep(500);
    for (const bot of bots) {
      expect(calls(bot, 'setWebhook')).toBe(1);
      expect(calls(bot, 'getUpdates')).toBe(0);
      expect(emulator.control.apiCalls({ token: bot.token, method: 'setWebhook' })[0]?.params.url).toBe(`http://127.0.0.1:${balancer.port}/api/telegram/webhook/${bot.id}`);
    }
  }, 60_000);

  test('messages Telegram posts through the balancer (any instance) are answered once each, each chat in order', async () => {
    const users = Array.from({ length: 4 }, (_, index) => emulator.control.createUser({ first_name: `Ordem${index}` }));
    const sent = new Map<string, { bot: TestBot; chatId: number; texts: string[] }>();
    for (let round = 0; round < 5; round += 1) {
      for (const bot of bots) {
        for (const user of users) {
          const message = say(bot, user.id);
          const key = `${bot.id}:${user.id}`;
          const entry = sent.get(key) ?? { bot, chatId: user.id, texts: [] };
          entry.texts.push(message.text);
          sent.set(key, entry);
        }
      }
    }
    const total = [...sent.values()].reduce((sum, entry) => sum + entry.texts.length, 0);
    await eventually(`${total} echoes`, () => [...sent.values()].every(({ bot, chatId, texts }) => echoes(bot, chatId).length >= texts.length), 30_000);
    await Bun.sleep(500);
    for (const { bot, chatId, texts } of sent.values()) expect(echoes(bot, chatId)).toEqual(texts);
    // They did reach every instance.
    const via = new Set(posts.filter((post) => post.status === 200).map((post) => post.via));
    expect([...via].sort()).toEqual(['A', 'B', 'C']);
  }, 60_000);

  test('updates posted to different instances, the same update_id to two at once: each handled once, each chat in update_id order', async () => {
    const bot = bots[0];
    if (!bot) throw new Error('bots');
    // Chats the bot may write to: each user wrote once (through the balancer) before.
    const users = Array.from({ length: 4 }, (_, index) => emulator.control.createUser({ first_name: `Direto${index}` }));
    for (const user of users) say(bot, user.id);
    await eventually('first echoes', () => users.every((user) => echoes(bot, user.id).length === 1), 10_000);
    let nextId = 50_000_000;
    const outcomes: string[] = [];
    // Chats concurrently; inside a chat one update after the other (Telegram waits for the 200), each update posted
    // to two different instances at once, the pair rotating over A, B, C.
    await Promise.all(users.map(async (user, chatIndex) => {
      for (let index = 0; index < 6; index += 1) {
        const update = privateText(nextId++, user, `d${chatIndex}-${index}`);
        const first = instances[(chatIndex + index) % 3];
        const second = instances[(chatIndex + index + 1) % 3];
        if (!first || !second) throw new Error('instances');
        const answers = await Promise.all([postTo(first, bot, update), postTo(second, bot, update)]);
        for (const answer of answers) {
          expect(answer.status).toBe(200);
          outcomes.push(((await answer.json()) as { data: { outcome: string } }).data.outcome);
        }
      }
    }));
    expect(outcomes.filter((outcome) => outcome === 'accepted')).toHaveLength(24);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(24);
    await eventually('every direct update answered', () => users.every((user) => echoes(bot, user.id).length >= 7), 15_000);
    await Bun.sleep(500);
    users.forEach((user, chatIndex) => {
      expect(echoes(bot, user.id).slice(1)).toEqual(Array.from({ length: 6 }, (_, index) => `d${chatIndex}-${index}`));
    });
  }, 60_000);

  test('a wrong or missing secret is refused with the 401 envelope on every instance; nothing is queued', async () => {
    const bot = bots[1];
    if (!bot) throw new Error('bots');
    const update = privateText(60_000_000, { id: 42, first_name: 'X' }, 'intruso');
    for (const instance of instances) {
      const refused: Record<string, string>[] = [{ 'x-telegram-bot-api-secret-token': 'errado' }, {}];
      for (const headers of refused) {
        const response = await instance.api(`/api/telegram/webhook/${bot.id}`, { json: update, headers });
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ success: false, code: 'WEBHOOK_FORBIDDEN', message: 'Acesso negado' });
      }
    }
    expect(await db.sql`select 1 from webhook_updates where update_id = 60000000`).toHaveLength(0);
  });

  test('switched off through A while B owns it: B removes the webhook within a second, every instance refuses its updates; switched on, what waited is answered', async () => {
    const [a, b] = instances;
    if (!a || !b) throw new Error('instances');
    const map = await owners();
    const target = bots.find((bot) => map.get(bot.id) === b.instanceId);
    if (!target) throw new Error('B owns no bot');
    const started = Date.now();
    expect((await a.api(`/api/bots/${target.id}`, { method: 'PATCH', json: { isActive: false }, token: auth.token })).status).toBe(200);
    await eventually('the webhook removed', () => calls(target, 'deleteWebhook') === 1, 5_000);
    const removedMs = Date.now() - started;
    console.log(`switched off on A → B removed the webhook in ${removedMs} ms`);
    expect(removedMs).toBeLessThan(1_500);
    expect(emulator.control.apiCalls({ token: target.token, method: 'deleteWebhook' }).length).toBe(1);
    for (const instance of instances) {
      const response = await postTo(instance, target, privateText(70_000_000, { id: 43, first_name: 'Y' }, 'desligado'));
      expect(response.status).toBe(503);
      expect(((await response.json()) as { code: string }).code).toBe('BOT_NOT_RUNNING');
    }
    const waiting = say(target);
    await Bun.sleep(300);
    expect(replies(target, waiting)).toBe(0);
    const restarted = Date.now();
    expect((await a.api(`/api/bots/${target.id}`, { method: 'PATCH', json: { isActive: true }, token: auth.token })).status).toBe(200);
    await eventually('the bot to answer what waited', () => replies(target, waiting) === 1, 5_000);
    console.log(`switched on again → answered in ${Date.now() - restarted} ms`);
    expect(Date.now() - restarted).toBeLessThan(2_000);
    expect(calls(target, 'setWebhook')).toBe(2);

    // Off and on again at once, through A, while another instance owns it: the old owner's deleteWebhook never
    // lands after the new owner's setWebhook (the lease goes back only after the delete).
    const owner = (await owners()).get(target.id);
    const via = instances.find((instance) => instance.instanceId !== owner) ?? a;
    expect((await via.api(`/api/bots/${target.id}`, { method: 'PATCH', json: { isActive: false }, token: auth.token })).status).toBe(200);
    expect((await via.api(`/api/bots/${target.id}`, { method: 'PATCH', json: { isActive: true }, token: auth.token })).status).toBe(200);
    await eventually('the webhook set again', () => calls(target, 'setWebhook') === 3, 5_000);
    const hooks = emulator.control.apiCalls({ token: target.token }).filter((call) => call.method === 'setWebhook' || call.method === 'deleteWebhook');
    expect(hooks.at(-1)?.method).toBe('setWebhook');
    const quick = say(target);
    await eventually('answered after the quick switch', () => replies(target, quick) === 1, 5_000);
  }, 30_000);

  test('kill -9 of an owner: another instance takes its webhook queue over within 30 s; nothing lost, twice only what it had in hand', async () => {
    const random = seeded(SEED);
    const victim = instances[2];
    if (!victim) throw new Error('instances');
    const map = await owners();
    const victimBots = new Set(bots.filter((bot) => map.get(bot.id) === victim.instanceId).map((bot) => bot.id));
    expect(victimBots.size).toBeGreaterThan(0);
    const killAfterMs = 500 + Math.floor(random() * 2_000);
    const traffic: { bot: TestBot; message: ReturnType<typeof say>; at: number }[] = [];
    const trafficStart = Date.now();
    let killedAt = 0;
    while (Date.now() - trafficStart < 3_000) {
      if (!killedAt && Date.now() - trafficStart >= killAfterMs) {
        // A burst to the victim's bots first: the kill lands while it has rows in hand.
        for (const bot of bots.filter((candidate) => victimBots.has(candidate.id))) {
          for (let n = 0; n < 3; n += 1) traffic.push({ bot, message: say(bot), at: Date.now() });
        }
        await Bun.sleep(20 + Math.floor(random() * 20));
        victim.signal('SIGKILL');
        killedAt = Date.now();
      }
      const bot = bots[Math.floor(random() * bots.length)] ?? bots[0];
      if (bot) traffic.push({ bot, message: say(bot), at: Date.now() });
      await Bun.sleep(50);
    }
    await victim.exited;
    const after = bots.filter((bot) => victimBots.has(bot.id)).map((bot) => ({ bot, message: say(bot) }));
    await eventually('the victim\'s bots to answer again', () => after.every(({ bot, message }) => replies(bot, message) >= 1), 35_000);
    const failoverMs = Date.now() - killedAt;
    console.log(`kill at +${killAfterMs} ms; every bot of the killed instance answered again ${failoverMs} ms after the kill`);
    expect(failoverMs).toBeLessThan(30_000);
    // Nothing waits in the queue any more.
    await eventually('the queue to be empty', async () => (await db.sql`select 1 from webhook_updates where handled_at is null`).length === 0, 10_000);
    // Nothing lost: every message answered. Twice only what the killed instance had in hand when it died (the reply
    // out, the receipt not stored yet): sent to its bots in the last second before the kill.
    await eventually('every message to be answered', () => traffic.every(({ bot, message }) => replies(bot, message) >= 1), 10_000);
    await Bun.sleep(1_000);
    for (const { bot, message } of after) expect(replies(bot, message)).toBe(1);
    const twice = traffic.filter(({ bot, message }) => replies(bot, message) > 1);
    for (const { bot, message, at } of traffic) expect(replies(bot, message)).toBeLessThanOrEqual(victimBots.has(bot.id) && at < killedAt ? 2 : 1);
    for (const { at } of twice) expect(at).toBeGreaterThan(killedAt - 1_000);
    console.log(`${traffic.length} messages, 0 lost; answered twice (in the killed instance's hands): ${twice.length}`);
    // Every row has its receipt, and the payloads are gone.
    const open = await db.sql<{ n: number }[]>`select count(*)::int as n from webhook_updates where handled_at is null or payload is not null`;
    expect(open[0]?.n).toBe(0);
    for (const bot of bots.filter((item) => victimBots.has(item.id))) expect(calls(bot, 'setWebhook')).toBeGreaterThanOrEqual(2);
  }, 90_000);

  test('SIGTERM of an owner: it exits within 10 s, the other instance sets the webhooks of its bots at once and answers', async () => {
    const [a, b] = instances;
    if (!a || !b) throw new Error('instances');
    upstreams.splice(0, upstreams.length, a, b);
    const map = await owners();
    const handed = bots.filter((bot) => map.get(bot.id) === b.instanceId);
    expect(handed.length).toBeGreaterThan(0);
    const setBefore = new Map(handed.map((bot) => [bot.id, calls(bot, 'setWebhook')]));
    const started = Date.now();
    b.signal('SIGTERM');
    expect(await b.exited).toBe(0);
    const exitMs = Date.now() - started;
    await eventually('A to hold every bot and set their webhooks', async () =>
      [...(await owners()).values()].every((owner) => owner === a.instanceId) && handed.every((bot) => calls(bot, 'setWebhook') === (setBefore.get(bot.id) ?? 0) + 1), 10_000);
    const takeoverMs = Date.now() - started - exitMs;
    console.log(`SIGTERM → exit in ${exitMs} ms; A set the handed-over webhooks ${takeoverMs} ms later`);
    expect(exitMs).toBeLessThan(10_000);
    expect(takeoverMs).toBeLessThan(3_000);
    const sent = handed.map((bot) => ({ bot, message: say(bot) }));
    await eventually('the handed-over bots to answer', () => sent.every(({ bot, message }) => replies(bot, message) === 1), 10_000);
  }, 40_000);
});
