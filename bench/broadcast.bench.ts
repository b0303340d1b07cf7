/**
 * Broadcast delivery (docs/decisions.md#broadcast-delivery) on PostgreSQL (BENCH_DATABASE_URL, TEST_DATABASE_URL or
 * DATABASE_URL; a fresh database per phase, dropped afterwards), the server in a child process
 * (server/src/test-support/broadcast-server-process.ts, claim lease 5 s) against an in-process emulator:
 *  1. BENCH_BROADCAST_RECIPIENTS (10 000) emulator users who started the bot, the emulator enforcing 30 messages/s:
 *     achieved rate while sending, and a SIGKILL of the server half-way then a new server on the same database:
 *     duplicates (chats that got > 1 message) and lost recipients (not sent, not failed, not skipped at the end);
 *  2. the same audience with bots.broadcast_rate = 1 000 and the emulator's limits off: rate and server CPU per
 *     message (process.cpuUsage of the child);
 *  3. BENCH_BROADCAST_MASS (1 000 000) contacts inserted with generate_series, then sent: how long POST /send takes
 *     (it only counts the audience and enqueues broadcast.materialise), how long the job takes to write it, and the
 *     server's RSS while it writes and sends (at least 15 s), against its idle RSS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { botResponseSchema } from '../shared/bots/schemas.ts';
import { broadcastResponseSchema } from '../shared/broadcasts/answers.ts';
import { createTelegramEmulator, type EmulatorOptions, type TelegramEmulator } from '../tools/telegram-emulator/emulator.ts';
import { connect, type Sql } from '../server/src/db/client.ts';
import { spawnServerChild, type ServerChild } from '../server/src/test-support/broadcast-server.ts';
import { registerUser } from '../server/src/test-support/fixtures.ts';
import type { TestServer } from '../server/src/test-support/start-test-server.ts';

const RECIPIENTS = Number(process.env.BENCH_BROADCAST_RECIPIENTS ?? 10_000);
const MASS = Number(process.env.BENCH_BROADCAST_MASS ?? 1_000_000);
const LEASE_MS = 5000;
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://canalize_ci:canalize_ci@127.0.0.1:5432/postgres';

async function until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(everyMs);
  }
}

type Setup = { sql: Sql; emulator: TelegramEmulator; server: ServerChild; dataDir: string; url: string; botId: string; botToken: string; auth: string; close(): Promise<void> };

async function setup(admin: Sql, rateLimits: EmulatorOptions['rateLimits'], statsMs = 0): Promise<Setup> {
  const name = `canalize_bench_bc_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const sql = connect(url.toString(), 2);
  const emulator = createTelegramEmulator({ rateLimits });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'canalize-bench-bc-'));
  const server = await spawnServerChild({ databaseUrl: url.toString(), apiRoot: emulator.url, dataDir, leaseMs: LEASE_MS, statsMs });
  const account = await registerUser(server as unknown as TestServer);
  const created = emulator.control.createBot({ username: `canalize_bench_${Date.now() % 100000}_bot`, first_name: 'Bot Bench' });
  const added = await server.api('/api/bots', { json: { token: created.token }, token: account.tokens.accessToken });
  if (added.status !== 201) throw new Error(`POST /api/bots answered ${added.status}`);
  const botId = botResponseSchema.parse(await added.json()).data.bot.id;
  await until('the bot to poll', async () => emulator.control.isPolling(created.token), 10_000, 20);
  const state: Setup = {
    sql, emulator, server, dataDir, url: url.toString(), botId, botToken: created.token, auth: account.tokens.accessToken,
    async close() {
      await state.server.kill('SIGKILL');
      await emulator.stop();
      await sql.end({ timeout: 5 });
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return state;
}

/** `count` emulator users who sent /start, stored as contacts by the server's runtime. */
async function audience(s: Setup, count: number) {
  const users = Array.from({ length: count }, (_, index) => s.emulator.control.createUser({ first_name: `Pessoa ${index}` }));
  for (const user of users) s.emulator.control.sendPrivateMessage({ from: user.id, bot: s.botToken, text: '/start' });
  await until('the contacts', async () => (await s.sql<{ n: number }[]>`select count(*)::int as n from contacts where bot_id = ${s.botId}`)[0]?.n === count, 300_000, 250);
  return users;
}

async function send(s: Setup, name: string) {
  const made = await s.server.api('/api/broadcasts', { token: s.auth, json: { name, botId: s.botId, message: 'Olá <b>todos</b>', targetType: 'ALL' } });
  const broadcast = broadcastResponseSchema.parse(await made.json()).data.broadcast;
  const started = performance.now();
  const answer = await s.server.api(`/api/broadcasts/${broadcast.id}/send`, { method: 'POST', token: s.auth }).catch((error: unknown) => error as Error);
  if (answer instanceof Error) {
    // A very long request (1 000 000 recipients written in it) may lose its connection; the transaction goes on.
    console.log(`broadcast: POST /send perdeu a conexão após ${((performance.now() - started) / 1000).toFixed(1)} s (${answer.message}); esperando o SENDING no banco`);
    await until('SENDING', async () => (await s.sql<{ status: string }[]>`select status from broadcasts where id = ${broadcast.id}`)[0]?.status === 'SENDING', 300_000, 100);
  } else if (answer.status !== 200) throw new Error(`send answered ${answer.status}: ${await answer.text()}`);
  return { id: broadcast.id, sendMs: performance.now() - started };
}

const finished = (s: Setup, id: string, timeoutMs: number) =>
  until('the broadcast to finish', async () => {
    const [row] = await s.sql<{ status: string }[]>`select status from broadcasts where id = ${id}`;
    return row && ['COMPLETED', 'FAILED'].includes(row.status) ? row.status : undefined;
  }, timeoutMs, 250);

function deliveries(s: Setup) {
  const records = s.emulator.control.sentMessages({ token: s.botToken, method: 'sendMessage' });
  const perChat = new Map<number, number>();
  for (const record of records) perChat.set(record.chatId, (perChat.get(record.chatId) ?? 0) + 1);
  const stamps = records.map((r) => r.atMs).sort((a, b) => a - b);
  // Sending time: the gaps between consecutive messages, leaving out pauses over 2 s (the kill and restart).
  let activeMs = 0;
  for (let i = 1; i < stamps.length; i++) {
    const gap = (stamps[i] ?? 0) - (stamps[i - 1] ?? 0);
    if (gap < 2000) activeMs += gap;
  }
  let busiest = 0;
  for (let i = 0, j = 0; i < stamps.length; i++) {
    while ((stamps[i] ?? 0) - (stamps[j] ?? 0) >= 1000) j++;
    busiest = Math.max(busiest, i - j + 1);
  }
  const wallMs = stamps.length > 1 ? (stamps.at(-1) ?? 0) - (stamps[0] ?? 0) : 0;
  return { count: records.length, perChat, duplicates: [...perChat.values()].filter((n) => n > 1).length, activeRate: (stamps.length - 1) / (activeMs / 1000), wallRate: (stamps.length - 1) / (wallMs / 1000), busiest };
}

async function outcome(s: Setup, id: string) {
  const [row] = await s.sql<{ sent: number; failed: number; skipped: number; open: number; uncertain: number }[]>`
    select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'failed')::int as failed,
      count(*) filter (where status = 'skipped')::int as skipped, count(*) filter (where status in ('pending', 'sending'))::int as open,
      count(*) filter (where status = 'failed' and reason like 'Resultado incerto%')::int as uncertain
    from broadcast_recipients where broadcast_id = ${id}`;
  return row ?? { sent: 0, failed: 0, skipped: 0, open: 0, uncertain: 0 };
}

async function atLimit(admin: Sql) {
  const s = await setup(admin, {});
  try {
    await audience(s, RECIPIENTS);
    const { id } = await send(s, 'Bench 30/s');
    const killAt = (RECIPIENTS / 30 / 2) * 1000;
    await Bun.sleep(killAt);
    const beforeKill = s.emulator.control.sentMessages({ token: s.botToken, method: 'sendMessage' }).length;
    await s.server.kill('SIGKILL');
    const restarted = performance.now();
    s.server = await spawnServerChild({ databaseUrl: s.url, apiRoot: s.emulator.url, dataDir: s.dataDir, leaseMs: LEASE_MS });
    const bootMs = performance.now() - restarted;
    const status = await finished(s, id, (RECIPIENTS / 20) * 1000 + 120_000);
    const result = await outcome(s, id);
    const sent = deliveries(s);
    const mismatched = (await s.sql<{ telegramId: bigint }[]>`select telegram_id as "telegramId" from broadcast_recipients where broadcast_id = ${id} and status = 'sent'`)
      .filter((row) => sent.perChat.get(Number(row.telegramId)) !== 1).length;
    const lost = result.open + mismatched + (RECIPIENTS - result.sent - result.failed - result.skipped - result.open);
    console.log(
      `broadcast: ${RECIPIENTS} destinatários a 30/s (emulador com limite), SIGKILL após ${(killAt / 1000).toFixed(0)} s (${beforeKill} entregues), novo servidor em ${(bootMs / 1000).toFixed(1)} s: ` +
        `${status}; taxa enviando ${sent.activeRate.toFixed(1)}/s (total com a queda ${sent.wallRate.toFixed(1)}/s), maior segundo ${sent.busiest}; ` +
        `${result.sent} enviados, ${result.failed} falhos (${result.uncertain} incertos), ${result.skipped} pulados; duplicados ${sent.duplicates}, perdidos ${lost}`,
    );
  } finally {
    await s.close();
  }
}

async function raised(admin: Sql) {
  const s = await setup(admin, false, 100);
  try {
    await audience(s, RECIPIENTS);
    await s.sql`update bots set broadcast_rate = 1000 where id = ${s.botId}`;
    await Bun.sleep(500);
    const before = s.server.stats;
    const { id } = await send(s, 'Bench 1000/s');
    const status = await finished(s, id, 120_000);
    await Bun.sleep(300);
    const after = s.server.stats;
    const result = await outcome(s, id);
    const sent = deliveries(s);
    const cpuUs = before && after ? after.user + after.system - before.user - before.system : NaN;
    console.log(
      `broadcast: ${RECIPIENTS} destinatários com broadcast_rate 1000 (emulador sem limite): ${status}; taxa ${sent.wallRate.toFixed(0)}/s, maior segundo ${sent.busiest}; ` +
        `CPU do servidor ${(cpuUs / result.sent).toFixed(0)} µs por mensagem (${(cpuUs / 1e6).toFixed(2)} s para ${result.sent}); duplicados ${sent.duplicates}`,
    );
  } finally {
    await s.close();
  }
}

async function mass(admin: Sql) {
  const s = await setup(admin, false, 100);
  try {
    const started = performance.now();
    await s.sql`insert into contacts (bot_id, telegram_id, first_name) select ${s.botId}, 800000000000 + n, 'Massa ' || n from generate_series(1, ${MASS}) as n`;
    const insertS = (performance.now() - started) / 1000;
    await s.sql`update bots set broadcast_rate = 1000 where id = ${s.botId}`;
    await Bun.sleep(3000);
    const idle: number[] = [];
    for (let n = 0; n < 20; n++) {
      idle.push(s.server.stats?.rss ?? 0);
      await Bun.sleep(100);
    }
    const idleRss = Math.max(...idle);
    let peak = idleRss;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, s.server.stats?.rss ?? 0);
        await Bun.sleep(50);
      }
    })();
    const { id, sendMs } = await send(s, 'Bench 1M');
    // The audience is written by the broadcast.materialise job after the request answered.
    const sentAt = performance.now();
    const written = await until('the audience written', async () => {
      const [row] = await s.sql<{ m: boolean }[]>`select materialising as m from broadcasts where id = ${id}`;
      return row?.m === false ? performance.now() - sentAt : undefined;
    }, 600_000, 100);
    await Bun.sleep(Math.max(0, 15_000 - (performance.now() - sentAt)));
    sampling = false;
    await sampler;
    const result = await outcome(s, id);
    await s.server.api(`/api/broadcasts/${id}/stop`, { method: 'POST', token: s.auth });
    const [total] = await s.sql<{ n: number }[]>`select count(*)::int as n from broadcast_recipients where broadcast_id = ${id}`;
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    console.log(
      `broadcast: POST /send respondeu em ${(sendMs / 1000).toFixed(2)} s; ${total?.n} destinatários materializados em segundo plano em ${(written / 1000).toFixed(1)} s ` +
        `(contatos inseridos em ${insertS.toFixed(1)} s); RSS do servidor ocioso ${mb(idleRss)} MB, pico ${mb(peak)} MB durante a materialização e o envio ` +
        `(${result.sent + result.failed} tentados em ${(Math.max(15_000, written) / 1000).toFixed(0)} s) → +${mb(peak - idleRss)} MB`,
    );
  } finally {
    await s.close();
  }
}

const admin = connect(pgUrl, 1);
const reachable = await admin`select 1`.then(() => true, () => false);
if (!reachable) {
  console.log('broadcast: PostgreSQL não disponível (defina BENCH_DATABASE_URL) — medição pulada');
} else {
  const only = process.env.BENCH_BROADCAST_PHASES?.split(',') ?? ['limit', 'raised', 'mass'];
  if (only.includes('raised')) await raised(admin);
  if (only.includes('mass')) await mass(admin);
  if (only.includes('limit')) await atLimit(admin);
}
await admin.end({ timeout: 1 });
