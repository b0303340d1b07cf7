/**
 * Updates through the bot runtime: 50 bots, 20 000 joins from the Bot API emulator to the welcome reply,
 * on the embedded database and on PostgreSQL (BENCH_DATABASE_URL, or a local server on the default URL); then the
 * memory an idle bot costs.
 *
 * Layout: the emulator runs here, the product runs as its own process (`bun server/src/index.ts`, as in
 * production), so each gets a core. The emulator is assembled from its parts so that this script can time it from
 * the outside without changing it: t0 = the join (update created), t1 = the getUpdates answer that carries it
 * leaves the emulator, t2 = the welcome's sendMessage request reaches the emulator, t3 = the emulator logged it.
 * - runtime latency = t2 − t1: the product's own time (plus loopback transit), emulator queueing and work excluded;
 * - end-to-end = t3 − t0: everything, emulator included.
 * Each join in a supergroup makes two updates (chat_member + the new_chat_members service message); updates/s counts
 * both. Throughput is measured on a burst of 20 000 joins; latency also on a paced run below capacity, where it
 * is not dominated by the backlog.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from '../server/src/db/client.ts';
import { serverFlags } from './test-support/server-process.ts';
import { createRouter } from '../tools/telegram-emulator/emulator.ts';
import { createControl } from '../tools/telegram-emulator/control/control-api.ts';
import { EmulatorCore } from '../tools/telegram-emulator/core/emulator-core.ts';
import { executeMethod } from '../tools/telegram-emulator/api/bot-api-handler.ts';

const BOTS = 50;
const JOINS = Number(process.env.BENCH_JOINS ?? 20_000);
const PACED_JOINS = Math.min(4_000, JOINS);
const PACED_RATE = 600; // joins per second (1 200 updates/s, above the 1 000 updates/s target)
const IDLE_BOTS = 200;
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://canalize:canalize@127.0.0.1:5432/postgres';

type Timing = { t0: number; t1?: number; t2?: number; t3?: number };

function startEmulator() {
  const core = new EmulatorCore({ rateLimits: false });
  core.executeMethod = (bot, method, params) => executeMethod(core, bot, method, params);
  const control = createControl(core);
  const route = createRouter(core, control);
  const timings = new Map<string, Timing>();
  const add = core.sent.add.bind(core.sent);
  core.sent.add = (record) => {
    const timing = record.text ? timings.get(record.text) : undefined;
    if (timing) timing.t3 = performance.now();
    return add(record);
  };
  const server = Bun.serve({
    hostname: '127.0.0.1', port: 0, idleTimeout: 0,
    async fetch(request) {
      const arrived = performance.now();
      if (request.url.endsWith('/sendMessage')) {
        const body: { text?: string } = await request.clone().json();
        const timing = body.text ? timings.get(body.text) : undefined;
        if (timing) timing.t2 = arrived;
      }
      const response = await route(request);
      if (request.url.endsWith('/getUpdates')) {
        const left = performance.now();
        type Answer = { result?: Array<{ chat_member?: { chat: { title?: string }; new_chat_member: { user: { first_name: string } } } }> };
        const answer: Answer = await response.clone().json();
        for (const update of answer.result ?? []) {
          const member = update.chat_member;
          const timing = member ? timings.get(`Oi ${member.new_chat_member.user.first_name} ${member.chat.title}`) : undefined;
          // The first answer that carries it: an update still in hand comes again until its receipt is stored.
          if (timing) timing.t1 ??= left;
        }
      }
      return response;
    },
  });
  return { control, timings, url: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
}

async function startProduct(apiRoot: string, databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'canalize-bench-updates-'));
  const port = 3900 + Math.floor(Math.random() * 500);
  const child = Bun.spawn(['bun', ...serverFlags(), 'server/src/index.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', SKIP_CLIENT_BUILD: '1', TELEGRAM_API_ROOT: apiRoot, DATABASE_URL: databaseUrl ?? '' },
    stdout: 'ignore', stderr: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  while (!(await fetch(`${url}/api/health`).then((r) => r.status === 200, () => false))) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await Bun.sleep(50);
  }
  const register = await fetch(`${url}/api/auth/register`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email: `bench${Date.now()}@exemplo.com`, password: 'segredo1' }),
  });
  const auth: { data: { tokens: { accessToken: string } } } = await register.json();
  const token = auth.data.tokens.accessToken;
  const api = async <T>(pathname: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status >= 300) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<T>;
  };
  const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
  /** The server's CPU time (user + system) in ms: what an update costs it, whatever else the machine runs. */
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime in clock ticks (100 Hz)
  };
  return {
    api, rssKb, cpuMs,
    async stop() {
      child.kill('SIGTERM');
      await child.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timeout: ${what}`);
    await Bun.sleep(20);
  }
}

const pct = (values: number[], q: number) => values[Math.min(values.length - 1, Math.floor(q * values.length))] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function measureUpdates(label: string, databaseUrl?: string) {
  const emulator = startEmulator();
  const product = await startProduct(emulator.url, databaseUrl);
  try {
    const owner = emulator.control.createUser({ first_name: 'Dono' });
    const groups: number[] = [];
    for (let i = 0; i < BOTS; i++) {
      const { token } = emulator.control.createBot({ username: `bench_${i}_bot` });
      const { data } = await product.api<{ data: { bot: { id: string } } }>('/api/bots', { token });
      await until('polling', () => emulator.control.isPolling(token));
      const chat = emulator.control.createChat({ type: 'supergroup', title: `Grupo ${i}`, creatorId: owner.id });
      emulator.control.promoteBot({ chatId: chat.id, bot: token });
      let channelId = '';
      await until('channel', async () => {
        const list = await product.api<{ data: { channels: Array<{ id: string }> } }>(`/api/bots/${data.bot.id}/channels`);
        channelId = list.data.channels[0]?.id ?? '';
        return channelId !== '';
      });
      await product.api(`/api/flows/channels/${channelId}/welcome`, { message: 'Oi {firstName} {channel}' });
      groups.push(chat.id);
    }
    const run = async (count: number, ratePerSecond: number | undefined, prefix: string) => {
      const users = Array.from({ length: count / BOTS }, (_, i) => emulator.control.createUser({ first_name: `${prefix}${i}` }));
      const keys: string[] = [];
      const started = performance.now();
      let issued = 0;
      for (const user of users) {
        for (const [index, chatId] of groups.entries()) {
          const key = `Oi ${user.first_name} Grupo ${index}`;
          keys.push(key);
          emulator.timings.set(key, { t0: performance.now() });
          emulator.control.joinChat({ userId: user.id, chatId });
          issued++;
          if (ratePerSecond) {
            const due = started + (issued / ratePerSecond) * 1000;
            if (due > performance.now()) await Bun.sleep(due - performance.now());
          } else if (issued % 500 === 0) await Bun.sleep(0);
        }
      }
      await until('every welcome', () => keys.every((key) => emulator.timings.get(key)?.t3 !== undefined), 600_000);
      const timing = keys.map((key) => emulator.timings.get(key) ?? { t0: 0 });
      const first = Math.min(...timing.map((t) => t.t0));
      const last = Math.max(...timing.map((t) => t.t3 ?? 0));
      const runtime = timing.filter((t) => t.t1 !== undefined && t.t2 !== undefined).map((t) => (t.t2 ?? 0) - (t.t1 ?? 0)).sort((a, b) => a - b);
      const endToEnd = timing.map((t) => (t.t3 ?? 0) - t.t0).sort((a, b) => a - b);
      return { seconds: (last - first) / 1000, runtime, endToEnd };
    };
    const idleKb = product.rssKb();
    let peakKb = idleKb;
    const sampler = setInterval(() => (peakKb = Math.max(peakKb, product.rssKb())), 100);
    const cpuBefore = product.cpuMs();
    const burst = await run(JOINS, undefined, 'u');
    const cpuPerUpdateUs = ((product.cpuMs() - cpuBefore) * 1000) / (2 * JOINS);
    // The paced run measures latency below capacity: the burst's write-behind (the receipts of 40 000 updates and
    // their batches' rows, ~0.5 s on the embedded database) is let finish first rather than counted in its first joins.
    await Bun.sleep(2_000);
    const paced = await run(PACED_JOINS, PACED_RATE, 'p');
    clearInterval(sampler);
    const joinsPerSecond = JOINS / burst.seconds;
    console.log(
      `updates: ${label}: ${BOTS} bots, ${JOINS} entradas em ${burst.seconds.toFixed(1)} s = ${joinsPerSecond.toFixed(0)} entradas/s ` +
        `(${(2 * joinsPerSecond).toFixed(0)} updates/s); rajada: runtime p50 ${ms(pct(burst.runtime, 0.5))} p99 ${ms(pct(burst.runtime, 0.99))}, ` +
        `ponta a ponta p50 ${ms(pct(burst.endToEnd, 0.5))} p99 ${ms(pct(burst.endToEnd, 0.99))}; CPU do servidor ${cpuPerUpdateUs.toFixed(0)} µs por update`,
    );
    console.log(
      `updates: ${label}: ritmo ${PACED_RATE} entradas/s (${2 * PACED_RATE} updates/s), ${PACED_JOINS} entradas: ` +
        `runtime p50 ${ms(pct(paced.runtime, 0.5))} p99 ${ms(pct(paced.runtime, 0.99))}, ` +
        `ponta a ponta p50 ${ms(pct(paced.endToEnd, 0.5))} p99 ${ms(pct(paced.endToEnd, 0.99))}`,
    );
    const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
    console.log(`updates: ${label}: RSS do servidor ocioso (${BOTS} bots) ${mb(idleKb)}, pico sob carga ${mb(peakKb)}, depois ${mb(product.rssKb())}`);
  } finally {
    await product.stop();
    emulator.stop();
  }
}

async function measureIdleMemory() {
  const emulator = startEmulator();
  const product = await startProduct(emulator.url);
  try {
    await Bun.sleep(2000);
    const before = product.rssKb();
    for (let i = 0; i < IDLE_BOTS; i++) {
      const { token } = emulator.control.createBot({ username: `idle_${i}_bot` });
      await product.api('/api/bots', { token });
    }
    await until('all idle bots polling', () => Array.from({ length: IDLE_BOTS }, (_, i) => `idle_${i}_bot`).every((name) => emulator.control.isPolling(name)));
    await Bun.sleep(3000);
    const after = product.rssKb();
    console.log(
      `updates: memória: RSS ${(before / 1024).toFixed(0)} MB → ${(after / 1024).toFixed(0)} MB com ${IDLE_BOTS} bots ociosos = ` +
        `${((after - before) / IDLE_BOTS).toFixed(0)} KB por bot ocioso`,
    );
  } finally {
    await product.stop();
    emulator.stop();
  }
}

// BENCH_UPDATES_ONLY=embedded|postgres measures one mode (and skips the idle-bot memory).
const only = process.env.BENCH_UPDATES_ONLY;
if (only !== 'postgres') await measureUpdates('embutido (PGlite)');
const probe = connect(pgUrl, 1);
const reachable = only !== 'embedded' && (await probe`select 1`.then(() => true, () => false));
if (reachable) {
  const name = `canalize_bench_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await probe.unsafe(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  try {
    await measureUpdates('PostgreSQL', url.toString());
  } finally {
    await probe.unsafe(`drop database if exists ${name} with (force)`);
  }
} else if (only !== 'embedded') {
  console.log('updates: PostgreSQL não disponível (defina BENCH_DATABASE_URL) — medição pulada');
}
await probe.end({ timeout: 1 });
if (!only) await measureIdleMemory();
