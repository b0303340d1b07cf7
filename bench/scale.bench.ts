/**
 * Scale-out (docs/decisions.md#scale-out): several `bun server/src/index.ts` instances on one PostgreSQL
 * (BENCH_DATABASE_URL, or a local server on the default URL; a throw-away database is created on it) and the Bot API
 * emulator, which runs here (rate limits off) with a hook that counts what bots send.
 * 1. Update → reply throughput with 1, 2 and 3 instances: 20 bots with the flow "any message → eco: <text>", a
 *    burst of 20 000 private messages (50 chats a bot, 20 messages each) queued at once, timed until the last reply.
 *    CPU seconds of each instance, of the database's backends and of this process (the emulator) say where the time
 *    goes.
 * 2. Side by side with 1 instance: bare grammY bots (@grammyjs/runner, the same reply, nothing stored) on 20 other
 *    bots of the same emulator, the same burst: the ratio is what everything Canalize adds costs.
 * 3. Broadcast rate with 1, 2 and 3 instances: 6 bots (no flow) each with 4 000 contacts who sent /start, one
 *    broadcast per bot at broadcast_rate 1 000: messages/s from the first to the last, and over the steady part
 *    (10th to 90th percentile of the messages, since the bots' loops start staggered).
 * 4. Failover: 10 times, with 3 instances, one is SIGKILLed at a random moment of its heartbeat cycle; the time
 *    until every bot it polled has answered a message sent right after the kill; a replacement is started before the
 *    next kill. Target < 30 s (leases of 15 s renewed every 5 s: 15–20 s expected).
 * 5. Control: back to one instance on the same database, the burst again (the database has grown meanwhile: this
 *    tells a cost of more instances from a cost of more rows).
 * BENCH_SCALE_SEED fixes the random kill moments; BENCH_KILLS (10) sets their number. BENCH_SCALE_ONLY=curve measures
 * only the update → reply curve (1, 2, 3 instances: no broadcasts, no bare grammY, no kills, no control run).
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { connect } from '../server/src/db/client.ts';
import { startInstance, type InstanceEnv, type InstanceProcess } from '../server/src/test-support/instance-process.ts';
import { createRouter } from '../tools/telegram-emulator/emulator.ts';
import { createControl } from '../tools/telegram-emulator/control/control-api.ts';
import { EmulatorCore } from '../tools/telegram-emulator/core/emulator-core.ts';
import { executeMethod } from '../tools/telegram-emulator/api/bot-api-handler.ts';
import { seeded } from '../server/src/test-support/seeded.ts';

const ECHO_BOTS = 20;
const CHATS_PER_BOT = 50;
const MESSAGES_PER_CHAT = 20;
const BROADCAST_BOTS = 6;
const RECIPIENTS_PER_BOT = 4_000;
const KILLS = Number(process.env.BENCH_KILLS ?? 10);
const SEED = Number(process.env.BENCH_SCALE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CURVE_ONLY = process.env.BENCH_SCALE_ONLY === 'curve';
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://canalize:canalize@127.0.0.1:5432/postgres';

// ----- emulator with a counter of sent texts by prefix ---------------------------------------------------------

function startEmulator() {
  const core = new EmulatorCore({ rateLimits: false });
  core.executeMethod = (bot, method, params) => executeMethod(core, bot, method, params);
  const control = createControl(core);
  const route = createRouter(core, control);
  const counts = new Map<string, number>();
  const watchers = new Map<string, () => void>();
  let broadcastTimes: number[] = [];
  const add = core.sent.add.bind(core.sent);
  core.sent.add = (record) => {
    const key = record.text?.startsWith('eco: ') ? 'eco' : (record.text ?? '');
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (key === 'Aviso') broadcastTimes.push(performance.now());
    watchers.get(`${record.chatId}`)?.();
    return add(record);
  };
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, idleTimeout: 0, fetch: route });
  return {
    control,
    url: `http://127.0.0.1:${server.port}`,
    count: (key: string) => counts.get(key) ?? 0,
    /** When each broadcast message reached the emulator since the last reset. */
    broadcastTimes: () => broadcastTimes,
    resetBroadcastTimes: () => (broadcastTimes = []),
    /** Calls `then` at the next message sent to this chat. */
    watch: (chatId: number, then: () => void) => watchers.set(`${chatId}`, then),
    stop: () => server.stop(true),
  };
}

// ----- helpers -------------------------------------------------------------------------------------------------


async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timeout: ${what}`);
    await Bun.sleep(20);
  }
}

/** utime + stime of a process, in seconds (0 once it is gone). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const s1 = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ----- setup ---------------------------------------------------------------------------------------------------

const emulator = startEmulator();
const dbName = `canalize_bench_scale_${Date.now()}`;
const admin = connect(adminUrl, 1);
await admin.unsafe(`create database ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const sql = connect(dbUrl.toString(), 2);
const env: InstanceEnv = {
  databaseUrl: dbUrl.toString(),
  telegramApiRoot: emulator.url,
  jwtSecret: randomBytes(24).toString('hex'),
  encryptionKeyHex: randomBytes(32).toString('hex'),
};
const instances: InstanceProcess[] = [];
let named = 0;
const addInstance = async () => {
  const instance = await startInstance(`I${++named}`, env);
  instances.push(instance);
  return instance;
};
let bare: ReturnType<typeof Bun.spawn> | undefined;

async function cleanup() {
  bare?.kill('SIGTERM');
  for (const instance of instances) instance.signal('SIGTERM');
  await Promise.all(instances.map((instance) => Promise.race([instance.exited, Bun.sleep(10_000)])));
  for (const instance of instances) instance.cleanup();
  await sql.end({ timeout: 5 });
  await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.end({ timeout: 5 });
  await emulator.stop();
}

try {
  console.log(`scale bench: seed ${SEED} (BENCH_SCALE_SEED replays the kill moments); machine load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  const first = await addInstance();
  const register = await first.api('/api/auth/register', { json: { name: 'Bench', email: `bench${Date.now()}@exemplo.com`, password: 'segredo1' } });
  const token = ((await register.json()) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
  const api = async <T>(pathname: string, init: { method?: string; json?: unknown } = {}): Promise<T> => {
    const via = instances[instances.length - 1] ?? first;
    const response = await via.api(pathname, { ...init, token });
    if (response.status >= 300) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<T>;
  };
  const addBot = async (username: string) => {
    const created = emulator.control.createBot({ username });
    const { data } = await api<{ data: { bot: { id: string } } }>('/api/bots', { json: { token: created.token } });
    return { id: data.bot.id, token: created.token };
  };

  const echoBots: Array<{ id: string; token: string }> = [];
  for (let index = 0; index < ECHO_BOTS; index += 1) {
    const bot = await addBot(`scale_echo_${index}_bot`);
    const flow = await api<{ data: { flow: { id: string } } }>('/api/flows', { json: { name: 'Eco', botId: bot.id, executionContexts: ['private'] } });
    const node = async (subType: string, type: string, config: unknown) =>
      (await api<{ data: { node: { id: string } } }>('/api/flows/nodes', { json: { flowId: flow.data.flow.id, type, subType, config } })).data.node.id;
    const trigger = await node('trigger_message', 'trigger', { pattern: '*' });
    const reply = await node('send_text', 'action', { message: 'eco: {{message.text}}' });
    await api('/api/flows/connections', { json: { flowId: flow.data.flow.id, sourceNodeId: trigger, targetNodeId: reply, sourceHandle: 'default' } });
    echoBots.push(bot);
  }
  const broadcastBots: Array<{ id: string; token: string }> = [];
  if (!CURVE_ONLY) for (let index = 0; index < BROADCAST_BOTS; index += 1) broadcastBots.push(await addBot(`scale_cast_${index}_bot`));
  await sql`update bots set broadcast_rate = 1000 where id = any(${broadcastBots.map((bot) => bot.id)})`;
  await until('every bot polling', () => [...echoBots, ...broadcastBots].every((bot) => emulator.control.isPolling(bot.token)));
  // Broadcast audiences: users who sent /start (the bots have no flow, so nothing answers).
  for (const bot of broadcastBots) {
    for (let index = 0; index < RECIPIENTS_PER_BOT; index += 1) {
      const user = emulator.control.createUser({ first_name: `P${index}` });
      emulator.control.sendPrivateMessage({ from: user.id, bot: bot.token, text: '/start' });
    }
  }
  await until('contacts', async () => (await sql<{ n: number }[]>`select count(*)::int as n from contacts`)[0]?.n === broadcastBots.length * RECIPIENTS_PER_BOT);

  const chats = echoBots.map((bot) => ({ bot, users: Array.from({ length: CHATS_PER_BOT }, (_, index) => emulator.control.createUser({ first_name: `C${index}` }).id) }));
  // The database's backends of the instances: the listening ones (LISTEN/NOTIFY, one per instance) apart.
  const backendPids = async () => {
    const rows = await sql<{ pid: number; listener: boolean }[]>`
      select pid, query ilike 'listen%' as listener from pg_stat_activity where datname = ${dbName} and pid <> pg_backend_pid()`;
    return { all: rows.map((row) => row.pid), listeners: rows.filter((row) => row.listener).map((row) => row.pid) };
  };
  const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);

  /** One burst of messages to `targets`; answers messages per second and CPU seconds by process. */
  async function burst(targets: typeof chats, countKey = 'eco', extraPids: number[] = []) {
    const before = emulator.count(countKey);
    const total = targets.length * CHATS_PER_BOT * MESSAGES_PER_CHAT;
    const pids = await backendPids();
    const cpu0 = { instances: instances.map((instance) => cpuSeconds(instance.pid)), db: cpuOf(pids.all), listeners: cpuOf(pids.listeners), here: process.cpuUsage(), extra: extraPids.map(cpuSeconds) };
    // What the database's backends are doing meanwhile: wait events and statements of the active ones, sampled.
    const waits = new Map<string, number>();
    let sampling = true;
    const sampler = (async () => {
      const probe = connect(dbUrl.toString(), 1);
      while (sampling) {
        const rows = await probe<{ wait: string; query: string }[]>`
          select coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 70) as query
          from pg_stat_activity where datname = ${dbName} and state = 'active' and pid <> pg_backend_pid()`;
        for (const row of rows) waits.set(`${row.wait} ← ${row.query}`, (waits.get(`${row.wait} ← ${row.query}`) ?? 0) + 1);
        await Bun.sleep(20);
      }
      await probe.end({ timeout: 1 });
    })();
    const started = performance.now();
    let counter = 0;
    for (let round = 0; round < MESSAGES_PER_CHAT; round += 1) {
      for (const { bot, users } of targets) for (const user of users) emulator.control.sendPrivateMessage({ from: user, bot: bot.token, text: `b${++counter}` });
    }
    await until('every reply', () => emulator.count(countKey) - before >= total, 300_000);
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    const samples = [...waits.values()].reduce((sum, n) => sum + n, 0);
    const busiest = [...waits].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([what, n]) => `${((100 * n) / Math.max(samples, 1)).toFixed(0)}% ${what}`);
    const here = process.cpuUsage(cpu0.here);
    return {
      rate: total / seconds,
      seconds,
      busiest,
      cpu: {
        instances: instances.map((instance, index) => cpuSeconds(instance.pid) - (cpu0.instances[index] ?? 0)),
        db: cpuOf(pids.all) - cpu0.db,
        listeners: cpuOf(pids.listeners) - cpu0.listeners,
        emulator: (here.user + here.system) / 1e6,
        extra: extraPids.map((pid, index) => cpuSeconds(pid) - (cpu0.extra[index] ?? 0)),
      },
    };
  }

  async function broadcastAll() {
    emulator.resetBroadcastTimes();
    const before = emulator.count('Aviso');
    for (const bot of broadcastBots) {
      const made = await api<{ data: { broadcast: { id: string } } }>('/api/broadcasts', { json: { name: 'Aviso', botId: bot.id, message: 'Aviso', targetType: 'ALL' } });
      await api(`/api/broadcasts/${made.data.broadcast.id}/send`, { method: 'POST' });
    }
    const total = BROADCAST_BOTS * RECIPIENTS_PER_BOT;
    await until('every broadcast message', () => emulator.count('Aviso') - before >= total, 300_000);
    const times = emulator.broadcastTimes();
    await until('broadcasts completed', async () => (await sql<{ n: number }[]>`select count(*)::int as n from broadcasts where status = 'SENDING'`)[0]?.n === 0, 60_000);
    // First to last, and the steady part (10th to 90th percentile of the messages: the bots' loops start staggered).
    const at = (q: number) => times[Math.floor(q * (times.length - 1))] ?? Number.NaN;
    return { whole: total / ((at(1) - at(0)) / 1000), steady: (0.8 * total) / ((at(0.9) - at(0.1)) / 1000) };
  }

  async function spread(count: number) {
    await until(`bots spread over ${count} instances`, async () => {
      const rows = await sql<{ owner: string; n: number }[]>`select owner, count(*)::int as n from bot_polling where owner is not null and lease_expires_at > now() group by owner`;
      const share = Math.ceil((ECHO_BOTS + broadcastBots.length) / count);
      return rows.length === count && rows.every((row) => row.n <= share) && rows.reduce((sum, row) => sum + row.n, 0) === ECHO_BOTS + broadcastBots.length;
    }, 60_000);
    await until('every bot polling', () => [...echoBots, ...broadcastBots].every((bot) => emulator.control.isPolling(bot.token)));
  }

  const results: string[] = [];
  const fmtCpu = (cpu: Awaited<ReturnType<typeof burst>>['cpu']) =>
    `CPU s: instances ${cpu.instances.map((value) => value.toFixed(1)).join(' + ')}, PostgreSQL backends ${cpu.db.toFixed(1)} (of which the LISTEN connections ${cpu.listeners.toFixed(1)}), emulator ${cpu.emulator.toFixed(1)}`;

  // ----- 1 instance, with the bare grammY baseline side by side (alternated: the machine's load drifts) ---------
  await burst(chats.slice(0, 2)); // warm-up: JIT, pools, flow caches
  if (CURVE_ONLY) {
    for (const count of [1, 2, 3]) {
      if (count > 1) {
        await addInstance();
        await spread(count);
      }
      const measured = await burst(chats);
      results.push(`update → reply, ${count} instance${count > 1 ? 's' : ''}: ${measured.rate.toFixed(0)} msgs/s; ${fmtCpu(measured.cpu)}`);
      results.push(`    database backends while it ran (sampled): ${measured.busiest.join(' | ')}`);
    }
  } else {
    const one = await burst(chats);
    const bareBots = Array.from({ length: ECHO_BOTS }, (_, index) => emulator.control.createBot({ username: `scale_bare_${index}_bot` }));
    bare = Bun.spawn(['bun', path.join(import.meta.dir, 'test-support', 'bare-echo-bot.ts')], {
      env: { ...process.env, TOKENS: bareBots.map((bot) => bot.token).join(','), API_ROOT: emulator.url }, stdout: 'ignore', stderr: 'inherit',
    });
    await until('bare bots polling', () => bareBots.every((bot) => emulator.control.isPolling(bot.token)));
    const bareChats = bareBots.map((bot) => ({ bot: { id: '', token: bot.token }, users: Array.from({ length: CHATS_PER_BOT }, (_, index) => emulator.control.createUser({ first_name: `D${index}` }).id) }));
    await burst(bareChats.slice(0, 2), 'eco', [bare.pid]);
    const grammy = await burst(bareChats, 'eco', [bare.pid]);
    const oneAgain = await burst(chats);
    const grammyAgain = await burst(bareChats, 'eco', [bare.pid]);
    bare.kill('SIGTERM');
    await bare.exited;
    bare = undefined;
    const canalizeRate = (one.rate + oneAgain.rate) / 2;
    const grammyRate = (grammy.rate + grammyAgain.rate) / 2;
    const perMessage = (cpu: number) => `${((cpu / (ECHO_BOTS * CHATS_PER_BOT * MESSAGES_PER_CHAT)) * 1e6).toFixed(0)} µs`;
    results.push(`update → reply, 1 instance: ${one.rate.toFixed(0)} and ${oneAgain.rate.toFixed(0)} msgs/s; ${fmtCpu(one.cpu)} (${perMessage(one.cpu.instances[0] ?? 0)} of instance CPU a message)`);
    results.push(`    database backends while it ran (sampled): ${one.busiest.join(' | ')}`);
    results.push(`bare grammY (runner), same burst, alternated: ${grammy.rate.toFixed(0)} and ${grammyAgain.rate.toFixed(0)} msgs/s; its CPU ${grammy.cpu.extra[0]?.toFixed(1)} s (${perMessage(grammy.cpu.extra[0] ?? 0)} a message), emulator ${grammy.cpu.emulator.toFixed(1)} s`);
    results.push(`ratio Canalize / bare grammY: ${(canalizeRate / grammyRate).toFixed(2)} (target ≥ 0.8)`);
    const castLine = (count: number, cast: Awaited<ReturnType<typeof broadcastAll>>) =>
      `broadcast, ${count} instance${count > 1 ? 's' : ''}: ${cast.steady.toFixed(0)} msgs/s steady, ${cast.whole.toFixed(0)} first to last (${BROADCAST_BOTS} bots × ${RECIPIENTS_PER_BOT} at 1 000/s each)`;
    results.push(castLine(1, await broadcastAll()));

    // ----- 2 and 3 instances ------------------------------------------------------------------------------------
    for (const count of [2, 3]) {
      await addInstance();
      await spread(count);
      const measured = await burst(chats);
      results.push(`update → reply, ${count} instances: ${measured.rate.toFixed(0)} msgs/s; ${fmtCpu(measured.cpu)}`);
      results.push(`    database backends while it ran (sampled): ${measured.busiest.join(' | ')}`);
      results.push(castLine(count, await broadcastAll()));
    }

    // ----- failover after kill -9 -------------------------------------------------------------------------------
    const random = seeded(SEED);
    const failovers: number[] = [];
    for (let kill = 0; kill < KILLS; kill += 1) {
      const victim = instances[Math.floor(random() * instances.length)];
      if (!victim) break;
      await Bun.sleep(Math.floor(random() * 5_000)); // anywhere in the 5 s heartbeat cycle
      const owned = new Set((await sql<{ botId: string }[]>`select bot_id as "botId" from bot_polling where owner = ${victim.instanceId}`).map((row) => row.botId));
      victim.signal('SIGKILL');
      const killedAt = performance.now();
      await victim.exited;
      // A probe message to each echo bot the victim polled, sent at once: queued until another instance polls it.
      const pending = new Set<number>();
      let lastAnswer = killedAt;
      for (const bot of echoBots.filter((candidate) => owned.has(candidate.id))) {
        const user = emulator.control.createUser({ first_name: 'Sonda' }).id;
        pending.add(user);
        emulator.watch(user, () => {
          if (pending.delete(user)) lastAnswer = performance.now();
        });
        emulator.control.sendPrivateMessage({ from: user, bot: bot.token, text: 'sonda' });
      }
      await until('every echo bot of the victim to answer', () => pending.size === 0, 60_000);
      // The broadcast bots (no flow, nothing to answer) are checked by their leases.
      const leaseBack = async () => (await sql<{ n: number }[]>`select count(*)::int as n from bot_polling where bot_id = any(${[...owned]}) and owner is not null and owner <> ${victim.instanceId}`)[0]?.n === owned.size;
      await until('every bot of the victim owned again', leaseBack, 60_000);
      const failover = Math.max(lastAnswer - killedAt, 0);
      failovers.push(failover);
      console.log(`  kill ${kill + 1}: ${victim.name} (${owned.size} bots) → answered again in ${s1(failover)}`);
      instances.splice(instances.indexOf(victim), 1);
      victim.cleanup();
      await addInstance();
      await spread(3);
    }
    // ----- control: back to 1 instance on the same, now bigger, database (is the curve instances or data?) -------
    while (instances.length > 1) {
      const leaving = instances.pop();
      leaving?.signal('SIGTERM');
      await leaving?.exited;
      leaving?.cleanup();
    }
    await spread(1);
    const control = await burst(chats);
    results.push(`update → reply, 1 instance again at the end (same database, after every burst): ${control.rate.toFixed(0)} msgs/s; ${fmtCpu(control.cpu)}`);
    results.push(`    database backends while it ran (sampled): ${control.busiest.join(' | ')}`);

    const sorted = [...failovers].sort((a, b) => a - b);
    results.push(`failover after kill -9 (${sorted.length} kills): min ${s1(sorted[0] ?? NaN)}, median ${s1(pct(sorted, 0.5))}, p90 ${s1(pct(sorted, 0.9))}, max ${s1(sorted.at(-1) ?? NaN)} (target < 30 s)`);
  }

  console.log(`\nscale (PostgreSQL, ${ECHO_BOTS} echo bots, burst ${ECHO_BOTS * CHATS_PER_BOT * MESSAGES_PER_CHAT} messages; load at the end ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`);
  for (const line of results) console.log(`  ${line}`);
} finally {
  await cleanup();
}
