/**
 * A restart after a crash does not wait for the dead process's leases (docs/decisions.md#scale-out): real servers
 * (`bun server/src/index.ts` in child processes) SIGKILLed while a bot polls and a broadcast sends, then started
 * again. On the embedded database (one process owns it) the restarted server takes everything over at once; on
 * PostgreSQL it takes over what its previous run under the same INSTANCE_ID held, while an instance with another id
 * still waits for those leases to run out. Either way the claims the dead process had in flight are failed
 * "Resultado incerto", never sent again, and nobody gets a message twice.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { botResponseSchema } from '@shared/bots/schemas.ts';
import { broadcastResponseSchema } from '@shared/broadcasts/answers.ts';
import { createTelegramEmulator, type TelegramEmulator } from '../../../tools/telegram-emulator/emulator.ts';
import { createDatabase, type Sql } from '../db/client.ts';
import { registerUser } from '../test-support/fixtures.ts';
import { flowBuilder } from '../test-support/flow-builder.ts';
import { sharedInstanceEnv, startInstance, type InstanceEnv, type InstanceProcess } from '../test-support/instance-process.ts';
import { eventually } from '../test-support/telegram.ts';
import { createTestDatabase, realPostgresUrl, type TestDatabase } from '../test-support/test-database.ts';

const onPostgres = realPostgresUrl() !== undefined;
/** The requirement: a bot answers, and a sending broadcast sends again, within this long of the restart. */
const WITHIN_MS = 3_000;
const AUDIENCE = 120;
const NOTICE = 'Aviso a todos';

let emulator: TelegramEmulator;
const running = new Set<InstanceProcess>();
beforeAll(() => {
  emulator = createTelegramEmulator({ rateLimits: false });
});
afterAll(async () => {
  for (const instance of running) instance.cleanup();
  await emulator.stop();
});

async function start(name: string, env: InstanceEnv, dataDir?: string): Promise<InstanceProcess> {
  const instance = await startInstance(name, env, 60_000, dataDir);
  running.add(instance);
  return instance;
}

async function kill(instance: InstanceProcess, signal: 'SIGKILL' | 'SIGTERM' = 'SIGKILL') {
  instance.signal(signal);
  await instance.exited;
  running.delete(instance);
  instance.cleanup();
}

type Scene = { auth: { token: string }; botId: string; token: string; say(text: string): void; echoes(text: string): number; notices(): { chatId: number; atMs: number }[] };

/** An operator, an echo bot (every private text answered "eco: <text>") and AUDIENCE people who wrote to it. */
async function echoBotWithAudience(via: InstanceProcess): Promise<Scene> {
  const auth = { token: (await registerUser(via)).tokens.accessToken };
  const created = emulator.control.createBot({ username: `restart_${crypto.randomUUID().slice(0, 8)}_bot`, first_name: 'Bot Reinício' });
  const added = await via.api('/api/bots', { json: { token: created.token }, token: auth.token });
  expect(added.status).toBe(201);
  const botId = botResponseSchema.parse(await added.json()).data.bot.id;
  const build = flowBuilder(via, auth, botId);
  const flowId = await build.flow();
  await build.chain(flowId, [await build.node(flowId, 'trigger_message', { pattern: '*' }), await build.node(flowId, 'send_text', { message: 'eco: {{message.text}}' })]);
  const user = emulator.control.createUser({ first_name: 'Ana' });
  const scene: Scene = {
    auth, botId, token: created.token,
    say: (text) => emulator.control.sendPrivateMessage({ from: user.id, bot: created.token, text }),
    echoes: (text) => emulator.control.sentMessages({ token: created.token, chatId: user.id }).filter((sent) => sent.text === `eco: ${text}`).length,
    notices: () => emulator.control.sentMessages({ token: created.token, method: 'sendMessage' }).filter((sent) => sent.text === NOTICE),
  };
  scene.say('oi');
  await eventually('the first answer', () => scene.echoes('oi') === 1, 20_000);
  for (let index = 0; index < AUDIENCE; index++) {
    emulator.control.sendPrivateMessage({ from: emulator.control.createUser({ first_name: `Pessoa ${index}` }).id, bot: created.token, text: '/start' });
  }
  const paged = z.object({ pagination: z.object({ total: z.number() }) });
  await eventually('the audience stored', async () => {
    const response = await via.api(`/api/contacts/bot/${botId}?limit=1`, { token: auth.token });
    return paged.parse(await response.json()).pagination.total === AUDIENCE + 1;
  }, 30_000);
  return scene;
}

/** A broadcast to every contact, sending; SIGKILL the moment the emulator accepts one of its messages (its outcome unrecorded). */
async function killMidBroadcast(via: InstanceProcess, scene: Scene): Promise<string> {
  const made = await via.api('/api/broadcasts', { token: scene.auth.token, json: { name: 'Reinício', botId: scene.botId, message: NOTICE, targetType: 'ALL' } });
  const broadcastId = broadcastResponseSchema.parse(await made.json()).data.broadcast.id;
  expect((await via.api(`/api/broadcasts/${broadcastId}/send`, { method: 'POST', token: scene.auth.token })).status).toBe(200);
  await eventually('the broadcast to be sending', () => scene.notices().length >= 10, 20_000);
  await emulator.control.waitForSentMessage({ token: scene.token, method: 'sendMessage', since: emulator.control.mark() });
  await kill(via);
  return broadcastId;
}

type Left = { sending: number; leaseHeld: boolean };

/**
 * What the dead process left: recipients claimed ('sending') and the bot's lease, not yet run out. Read until two reads
 * half a second apart agree: a COMMIT the process sent just before it died is still carried out by PostgreSQL, and
 * an outcome batch landing after the first read would count as left behind what was in fact recorded sent.
 */
async function leftBehind(sql: Sql, scene: Scene, broadcastId: string): Promise<Left> {
  const read = async () => {
    const [row] = await sql<Left[]>`
      select (select count(*)::int from broadcast_recipients where broadcast_id = ${broadcastId} and status = 'sending') as sending,
             (select owner is not null and lease_expires_at > now() from bot_polling where bot_id = ${scene.botId}) as "leaseHeld"`;
    if (!row) throw new Error('nothing left behind');
    return row;
  };
  let last = await read();
  for (let tries = 0; tries < 10; tries += 1) {
    await Bun.sleep(500);
    const next = await read();
    if (next.sending === last.sending) return next;
    last = next;
  }
  return last;
}

/** How long after `since` the bot answered a new message and the broadcast sent its next message. */
async function timesAfterRestart(scene: Scene, since: number, sentBefore: number, text: string) {
  scene.say(text);
  const answered = await eventually('the answer after the restart', () => emulator.control.sentMessages({ token: scene.token })
    .find((sent) => sent.text === `eco: ${text}`)?.atMs, 40_000);
  const resumed = await eventually('the broadcast to send again', () => scene.notices()[sentBefore]?.atMs, 40_000);
  return { answerMs: answered - since, resumeMs: resumed - since };
}

/** The broadcast completed: every recipient sent or failed "Resultado incerto" (exactly the claims left in flight), nobody twice. */
async function expectAccountedFor(sql: Sql, scene: Scene, broadcastId: string, stranded: number) {
  const rows = await sql<{ telegramId: bigint; status: string; reason: string | null }[]>`
    select telegram_id as "telegramId", status, reason from broadcast_recipients where broadcast_id = ${broadcastId}`;
  const [broadcast] = await sql<{ status: string }[]>`select status from broadcasts where id = ${broadcastId}`;
  expect(broadcast?.status).toBe('COMPLETED');
  expect(rows).toHaveLength(AUDIENCE + 1);
  const perChat = new Map<number, number>();
  for (const notice of scene.notices()) perChat.set(notice.chatId, (perChat.get(notice.chatId) ?? 0) + 1);
  expect([...perChat.values()].filter((count) => count > 1)).toEqual([]);
  for (const row of rows.filter((r) => r.status === 'sent')) expect(perChat.get(Number(row.telegramId))).toBe(1);
  const failed = rows.filter((row) => row.status !== 'sent');
  expect(failed.every((row) => row.status === 'failed' && row.reason?.includes('Resultado incerto'))).toBe(true);
  expect(failed.length).toBe(stranded);
}

describe.skipIf(onPostgres)('a restart after kill -9 on the embedded database', () => {
  test('the restarted server answers the bot and resumes the broadcast within 3 s; the dead claims end uncertain, nobody gets two', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'canalize-restart-'));
    const env = sharedInstanceEnv(undefined, emulator.url);
    const open = () => createDatabase({ databaseUrl: undefined, dataDir });
    try {
      const first = await start('first', env, dataDir);
      const scene = await echoBotWithAudience(first);
      const broadcastId = await killMidBroadcast(first, scene);
      const sentBefore = scene.notices().length;
      // While nothing runs: what the dead process left, and a job it was running under a lease of an hour.
      const dead = await open();
      const left = await leftBehind(dead.sql, scene, broadcastId);
      const [job] = await dead.sql<{ id: string }[]>`
        insert into jobs (kind, payload, status, attempts, lease_token, lease_expires_at)
        values ('test.held', '{}', 'running', 1, gen_random_uuid(), now() + interval '1 hour') returning id`;
      await dead.close();
      expect(left.leaseHeld).toBe(true);
      expect(left.sending).toBeGreaterThan(0);

      const again = await start('again', env, dataDir);
      const times = await timesAfterRestart(scene, Date.now(), sentBefore, 'depois');
      console.log(`embedded restart after kill -9: answered ${times.answerMs} ms, broadcast resumed ${times.resumeMs} ms after the restart`);
      expect(times.answerMs).toBeLessThan(WITHIN_MS);
      expect(times.resumeMs).toBeLessThan(WITHIN_MS);
      await eventually('the broadcast to complete', async () => {
        const response = await again.api(`/api/broadcasts/${broadcastId}`, { token: scene.auth.token });
        return broadcastResponseSchema.parse(await response.json()).data.broadcast.status === 'COMPLETED';
      }, 30_000);
      await kill(again, 'SIGTERM');

      const after = await open();
      try {
        await expectAccountedFor(after.sql, scene, broadcastId, left.sending);
        const [held] = await after.sql<{ expired: boolean }[]>`select lease_expires_at <= now() as expired from jobs where id = ${job?.id ?? ''}`;
        expect(held?.expired).toBe(true);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe.skipIf(!onPostgres)('a restart after kill -9 on PostgreSQL', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  }, 30_000);
  afterAll(() => db.close());

  test('the same INSTANCE_ID takes its own leases at once; another id waits for them to run out', async () => {
    const shared = sharedInstanceEnv(db.databaseUrl, emulator.url);
    const withId = (instanceId: string): InstanceEnv => ({ ...shared, extra: { INSTANCE_ID: instanceId } });
    const first = await start('a', withId('restart-a'));
    const scene = await echoBotWithAudience(first);
    const broadcastId = await killMidBroadcast(first, scene);
    const sentBefore = scene.notices().length;
    const left = await leftBehind(db.sql, scene, broadcastId);
    expect(left.leaseHeld).toBe(true);
    expect(left.sending).toBeGreaterThan(0);
    // Jobs running under leases of an hour: one of this instance's previous run, one of another instance.
    const [own] = await db.sql<{ id: string }[]>`
      insert into jobs (kind, payload, status, attempts, lease_token, lease_expires_at, lease_instance_id)
      values ('test.held', '{}', 'running', 1, gen_random_uuid(), now() + interval '1 hour', 'restart-a') returning id`;
    const [foreign] = await db.sql<{ id: string }[]>`
      insert into jobs (kind, payload, status, attempts, lease_token, lease_expires_at, lease_instance_id)
      values ('test.held', '{}', 'running', 1, gen_random_uuid(), now() + interval '1 hour', 'restart-z') returning id`;

    const again = await start('a-again', withId('restart-a'));
    const times = await timesAfterRestart(scene, Date.now(), sentBefore, 'depois');
    console.log(`PostgreSQL restart with the same INSTANCE_ID: answered ${times.answerMs} ms, broadcast resumed ${times.resumeMs} ms after the restart`);
    expect(times.answerMs).toBeLessThan(WITHIN_MS);
    expect(times.resumeMs).toBeLessThan(WITHIN_MS);
    const expired = async (id: string | undefined) =>
      (await db.sql<{ expired: boolean }[]>`select lease_expires_at <= now() as expired from jobs where id = ${id ?? ''}`)[0]?.expired;
    expect(await expired(own?.id)).toBe(true);
    expect(await expired(foreign?.id)).toBe(false);
    await eventually('the broadcast to complete', async () =>
      (await db.sql<{ status: string }[]>`select status from broadcasts where id = ${broadcastId}`)[0]?.status === 'COMPLETED', 30_000);
    await expectAccountedFor(db.sql, scene, broadcastId, left.sending);

    // Killed again; an instance with another id finds the lease of a live-looking instance and leaves it alone.
    await kill(again);
    const other = await start('b', withId('restart-b'));
    const waitingSince = Date.now();
    scene.say('espera');
    await Bun.sleep(WITHIN_MS);
    expect(scene.echoes('espera')).toBe(0);
    const [lease] = await db.sql<{ owner: string }[]>`select owner from bot_polling where bot_id = ${scene.botId}`;
    expect(lease?.owner).toBe(again.instanceId);
    await eventually('the lease to run out and the other instance to answer', () => scene.echoes('espera') === 1, 40_000);
    console.log(`PostgreSQL restart with another INSTANCE_ID: answered ${Date.now() - waitingSince} ms after it started`);
    await kill(other, 'SIGTERM');
  }, 240_000);
});
