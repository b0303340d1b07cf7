/**
 * Access removal exactly once across a kill -9 (docs/decisions.md#paid-access), PostgreSQL only: the server runs in
 * a child process (the embedded database lives inside the server's process and would die with it; skipped there, as
 * in engines/broadcast-delivery/broadcasts-crash.test.ts). Many accesses end at once, the server removes them at a
 * slow pace, is SIGKILLed mid-batch and started again on the same database and data directory (so it takes over its
 * own job leases at once): every member is banned exactly once, unbanned, out of the group, EXPIRED, and has one
 * removal line in its history.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { botResponseSchema } from '@shared/bots/schemas.ts';
import { planResponseSchema } from '@shared/access/plans.ts';
import { createTelegramEmulator, type TelegramEmulator } from '../../../../../tools/telegram-emulator/emulator.ts';
import { spawnServerChild, type ServerChild } from '../../../test-support/broadcast-server.ts';
import { registerUser } from '../../../test-support/fixtures.ts';
import type { TestServer } from '../../../test-support/start-test-server.ts';
import { eventually } from '../../../test-support/telegram.ts';
import { createTestDatabase, realPostgresUrl, type TestDatabase } from '../../../test-support/test-database.ts';
import { accessSweepJob } from './expiry-sweep.ts';

const onPostgres = Boolean(realPostgresUrl());
const MEMBERS = 40;
/** Ban and unban calls per second: slow enough for the kill to land with removals done, under way and not begun. */
const PACE = 8;

describe.skipIf(!onPostgres)('access removal across a kill -9 (PostgreSQL only: the embedded database dies with its process)', () => {
  let db: TestDatabase;
  let emulator: TelegramEmulator;
  let dataDir: string;
  let server: ServerChild | undefined;
  const previousPace = process.env.REMOVAL_PER_SECOND;

  beforeAll(async () => {
    db = await createTestDatabase();
    emulator = createTelegramEmulator({ rateLimits: {} });
    dataDir = mkdtempSync(path.join(tmpdir(), 'canalize-removal-crash-'));
    // Read by the server process (test-support/broadcast-server-process.ts).
    process.env.REMOVAL_PER_SECOND = String(PACE);
  }, 30_000);
  afterAll(async () => {
    if (previousPace === undefined) delete process.env.REMOVAL_PER_SECOND;
    else process.env.REMOVAL_PER_SECOND = previousPace;
    await server?.kill('SIGKILL');
    await emulator.stop();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = () => spawnServerChild({ databaseUrl: db.databaseUrl ?? '', apiRoot: emulator.url, dataDir });

  /** A plan on a supergroup whose MEMBERS members hold accesses that ended two days ago. */
  async function endedAccesses(child: ServerChild) {
    const account = await registerUser(child as unknown as TestServer);
    const auth = account.tokens.accessToken;
    const created = emulator.control.createBot({ username: `canalize_rm_crash_${Date.now() % 100000}_bot`, first_name: 'Bot Remoção' });
    const added = await child.api('/api/bots', { json: { token: created.token }, token: auth });
    const botId = botResponseSchema.parse(await added.json()).data.bot.id;
    await eventually('the bot to poll', () => emulator.control.isPolling(created.token));
    const chat = emulator.control.createChat({ type: 'supergroup', title: 'VIP Crash', creatorId: emulator.control.createUser({ first_name: 'Dona' }).id });
    emulator.control.promoteBot({ chatId: chat.id, bot: created.token });
    const channel = await eventually('the chat stored', async () => (await db.sql<{ id: string }[]>`select id from channels where bot_id = ${botId} and chat_id = ${chat.id}`)[0]);
    const plan = await child.api('/api/access/plans', { token: auth, json: { name: 'VIP Crash', botId, channelIds: [channel.id], durationDays: 30, graceDays: 1 } });
    const planId = planResponseSchema.parse(await plan.json()).data.plan.id;
    const users = Array.from({ length: MEMBERS }, (_, index) => emulator.control.createUser({ first_name: `Pessoa ${index}` }).id);
    for (const user of users) emulator.control.setMemberStatus({ chatId: chat.id, userId: user, status: 'member' });
    await db.sql`
      insert into access_members (id, user_id, plan_id, status, email, telegram_id, source, access_until)
      select gen_random_uuid(), ${account.user.id}, ${planId}, 'ACTIVE', 'p' || t.id || '@exemplo.com', t.id, 'manual', now() - interval '2 days'
      from unnest(${users.map(String)}::bigint[]) as t(id)`;
    return { token: created.token, chatId: chat.id, planId, users };
  }

  test(`SIGKILL mid-batch (${MEMBERS} removals at ${PACE} calls/s), a new server on the same database: each member banned once, EXPIRED, one history line`, async () => {
    server = await start();
    const { token, chatId, planId, users } = await endedAccesses(server);
    const calls = (method: 'banChatMember' | 'unbanChatMember') => {
      const perUser = new Map<number, number>();
      for (const call of emulator.control.apiCalls({ token, method })) {
        if (call.ok) perUser.set(Number(call.params.user_id), (perUser.get(Number(call.params.user_id)) ?? 0) + 1);
      }
      return perUser;
    };
    await accessSweepJob.enqueue(db.sql, { slot: 0 }, { idempotencyKey: 'crash-sweep' });
    await eventually('a few removals under way', () => calls('banChatMember').size >= 6, 30_000);
    // Killed the moment the emulator takes a ban: that member is banned and not yet unbanned (the pace holds the
    // unban back), the uncertain window a restart must finish without banning again.
    const seen = calls('banChatMember').size;
    while (calls('banChatMember').size === seen) await Bun.sleep(2);
    await server.kill('SIGKILL');
    const bannedBeforeKill = calls('banChatMember').size;
    const [jobs] = await db.sql<{ running: number; done: number }[]>`
      select count(*) filter (where status = 'running')::int as running, count(*) filter (where status = 'done')::int as done
      from jobs where kind = 'access.remove'`;
    // The kill landed mid-batch: some removals finished, some were running, the rest had not begun.
    expect(bannedBeforeKill).toBeLessThan(MEMBERS);
    expect(jobs?.running).toBeGreaterThan(0);
    const kicked = emulator.control.chatState(chatId).members.filter((member) => member.status === 'kicked').length;
    expect(kicked).toBeGreaterThan(0);

    server = await start();
    await eventually('every member unbanned', () => calls('unbanChatMember').size === MEMBERS, 60_000);
    await eventually('every removal job done', async () =>
      (await db.sql<{ n: number }[]>`select count(*)::int as n from jobs where kind = 'access.remove' and status = 'done'`)[0]?.n === MEMBERS, 30_000);

    const bans = calls('banChatMember');
    expect([...bans.keys()].sort()).toEqual([...users].sort());
    expect([...bans.values()].filter((count) => count !== 1)).toEqual([]);
    const members = emulator.control.chatState(chatId).members.filter((member) => users.includes(member.user.id));
    expect(members.filter((member) => member.status !== 'left')).toEqual([]);
    const rows = await db.sql<{ status: string; removals: number }[]>`
      select m.status, (select count(*)::int from access_member_events e
        where e.member_id = m.id and e.cause = 'telegram' and (e.detail like 'Removido%' or e.detail like 'Já estava fora%')) as removals
      from access_members m where m.plan_id = ${planId}`;
    expect(rows).toHaveLength(MEMBERS);
    expect(rows.filter((row) => row.status !== 'EXPIRED' || row.removals !== 1)).toEqual([]);
    console.log(`kill -9 with ${bannedBeforeKill} of ${MEMBERS} banned (${kicked} not yet unbanned, ${jobs?.done} jobs done, ${jobs?.running} running); after the restart ${bans.size} banned once each, 0 twice`);
  }, 120_000);
});
