/**
 * Paid access removals (docs/decisions.md#paid-access) on PostgreSQL (BENCH_DATABASE_URL, TEST_DATABASE_URL or
 * DATABASE_URL; a fresh database, dropped afterwards), the server in a child process against an in-process emulator
 * that enforces BENCH_ACCESS_RATE (300) bans and unbans per second per bot; the server paces removals at 80 % of it.
 * BENCH_ACCESS_COUNT (10 000) members of a plan's supergroup whose accesses all end at once (two days ago): one sweep moves them
 * to EXPIRED and queues their removals; measured: time to the last removal, ban/unban calls per second, duplicates
 * (a user banned or unbanned more than once), users left in the group, and the server's RSS above idle.
 * At Telegram's ~30 calls/s (the server's default pace, 20/s), the same removals take COUNT × 2 / 20 seconds per bot.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { botResponseSchema } from '../shared/bots/schemas.ts';
import { planResponseSchema } from '../shared/access/plans.ts';
import { createTelegramEmulator } from '../tools/telegram-emulator/emulator.ts';
import { connect, type Sql } from '../server/src/db/client.ts';
import { accessSweepJob } from '../server/src/modules/access/lifecycle/expiry-sweep.ts';
import { spawnServerChild } from '../server/src/test-support/broadcast-server.ts';
import { registerUser } from '../server/src/test-support/fixtures.ts';
import type { TestServer } from '../server/src/test-support/start-test-server.ts';

const COUNT = Number(process.env.BENCH_ACCESS_COUNT ?? 10_000);
const RATE = Number(process.env.BENCH_ACCESS_RATE ?? 300);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://canalize_ci:canalize_ci@127.0.0.1:5432/postgres';

async function until<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(everyMs);
  }
}

async function run(admin: Sql) {
  const name = `canalize_bench_ar_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const sql = connect(url.toString(), 2);
  const emulator = createTelegramEmulator({ rateLimits: { perBotPerSecond: RATE, perPrivateChatPerSecond: Infinity, perGroupPerMinute: Infinity } });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'canalize-bench-ar-'));
  process.env.REMOVAL_PER_SECOND = String(Math.floor(RATE * 0.8));
  const server = await spawnServerChild({ databaseUrl: url.toString(), apiRoot: emulator.url, dataDir, statsMs: 100 });
  try {
    const account = await registerUser(server as unknown as TestServer);
    const auth = account.tokens.accessToken;
    const created = emulator.control.createBot({ username: `canalize_bench_ar_${Date.now() % 100000}_bot`, first_name: 'Bot Bench' });
    const added = await server.api('/api/bots', { json: { token: created.token }, token: auth });
    const botId = botResponseSchema.parse(await added.json()).data.bot.id;
    await until('the bot to poll', () => emulator.control.isPolling(created.token), 10_000, 20);
    const creator = emulator.control.createUser({ first_name: 'Dona' });
    const chat = emulator.control.createChat({ type: 'supergroup', title: 'VIP Bench', creatorId: creator.id });
    emulator.control.promoteBot({ chatId: chat.id, bot: created.token });
    const [channel] = await until('the chat stored', async () => {
      const rows = await sql<{ id: string }[]>`select id from channels where bot_id = ${botId} and chat_id = ${chat.id}`;
      return rows.length > 0 ? rows : undefined;
    }, 10_000);
    const plan = await server.api('/api/access/plans', { token: auth, json: { name: 'VIP Bench', botId, channelIds: [channel?.id], durationDays: 30, graceDays: 1 } });
    const planId = planResponseSchema.parse(await plan.json()).data.plan.id;
    const users = Array.from({ length: COUNT }, (_, index) => emulator.control.createUser({ first_name: `Pessoa ${index}` }).id);
    for (const userId of users) emulator.control.setMemberStatus({ chatId: chat.id, userId, status: 'member' });
    await sql`
      insert into access_members (id, user_id, plan_id, status, email, telegram_id, source, access_until)
      select gen_random_uuid(), ${account.user.id}, ${planId}, 'ACTIVE', 'p' || t.id || '@example.com', t.id, 'manual', now() + interval '1 day'
      from unnest(${users.map(String)}::bigint[]) as t(id)`;
    // The joins' updates handled: the server is idle again.
    await until('the contacts', async () => ((await sql<{ n: number }[]>`select count(*)::int as n from contacts where bot_id = ${botId}`)[0]?.n ?? 0) >= COUNT, 300_000, 250);
    await Bun.sleep(3000);
    const idle: number[] = [];
    for (let n = 0; n < 20; n++) {
      idle.push(server.stats?.rss ?? 0);
      await Bun.sleep(100);
    }
    const idleRss = Math.max(...idle);

    const seen = new WeakSet<object>();
    const perUser = { banChatMember: new Map<number, number>(), unbanChatMember: new Map<number, number>() };
    let rateLimited = 0;
    let first = 0;
    let last = 0;
    const collect = () => {
      for (const call of emulator.control.apiCalls({ token: created.token })) {
        if (seen.has(call) || (call.method !== 'banChatMember' && call.method !== 'unbanChatMember')) continue;
        seen.add(call);
        if (!call.ok) {
          rateLimited += call.errorCode === 429 ? 1 : 0;
          continue;
        }
        const counts = perUser[call.method];
        const userId = Number(call.params.user_id);
        counts.set(userId, (counts.get(userId) ?? 0) + 1);
        first ||= performance.now();
        last = performance.now();
      }
    };
    let peak = idleRss;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, server.stats?.rss ?? 0);
        collect();
        await Bun.sleep(100);
      }
    })();
    const started = performance.now();
    // Inserted in the future (the minute sweep must not take them during setup), ended two days ago now.
    await sql`update access_members set access_until = now() - interval '2 days' where plan_id = ${planId}`;
    await accessSweepJob.enqueue(sql, { slot: 0 }, { idempotencyKey: 'bench-sweep' });
    const expiredMs = await until('every access expired', async () => {
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from access_members where status = 'EXPIRED'`;
      return row?.n === COUNT ? performance.now() - started : undefined;
    }, 120_000, 100);
    await until('every removal done', () => perUser.unbanChatMember.size >= COUNT, (COUNT * 2 / (RATE * 0.8)) * 1000 * 3 + 60_000, 250);
    await Bun.sleep(2000);
    sampling = false;
    await sampler;
    collect();
    const duplicates = [...perUser.banChatMember.values(), ...perUser.unbanChatMember.values()].filter((n) => n > 1).length;
    const inGroup = emulator.control.chatState(chat.id).members.filter((member) => member.status === 'member').length;
    const [jobs] = await sql<{ done: number; other: number }[]>`
      select count(*) filter (where status = 'done')::int as done, count(*) filter (where status <> 'done')::int as other from jobs where kind = 'access.remove'`;
    const seconds = (last - first) / 1000;
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    console.log(
      `access-removal: ${COUNT} acessos vencidos; varredura → EXPIRED em ${(expiredMs / 1000).toFixed(1)} s; remoções (ban + unban) em ${seconds.toFixed(1)} s ` +
        `= ${((perUser.banChatMember.size + perUser.unbanChatMember.size) / seconds).toFixed(0)} chamadas/s (emulador ${RATE}/s, ritmo do servidor ${Math.floor(RATE * 0.8)}/s), ` +
        `${rateLimited} respostas 429; duplicados ${duplicates}; ainda no grupo ${inGroup}; tarefas ${jobs?.done} concluídas, ${jobs?.other} pendentes; ` +
        `RSS ocioso ${mb(idleRss)} MB, pico ${mb(peak)} MB → +${mb(peak - idleRss)} MB`,
    );
  } finally {
    await server.kill('SIGKILL');
    await emulator.stop();
    await sql.end({ timeout: 5 });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const admin = connect(pgUrl, 1);
const reachable = await admin`select 1`.then(() => true, () => false);
if (!reachable) console.log('access-removal: PostgreSQL não disponível (defina BENCH_DATABASE_URL) — medição pulada');
else await run(admin);
await admin.end({ timeout: 1 });
