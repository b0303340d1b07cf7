/**
 * Flow engine: a 10-node flow (trigger, conditions, random splits, three texts) triggered by 10 000
 * `/start` messages from 100 contacts through the Bot API emulator, the product in its own process on PostgreSQL
 * (BENCH_DATABASE_URL, default the local server; a fresh database is created and dropped).
 * - node steps/s = steps recorded ÷ time from the first /start to the last reply in the emulator;
 * - step latency = each step's own time minus the time it waited on Telegram (the engine measures both), so the
 *   emulator's share is excluded; reported as p50/p99 from the recorded executions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from '../server/src/db/client.ts';
import { createTelegramEmulator } from '../tools/telegram-emulator/emulator.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const CONTACTS = 100;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://canalize:canalize@127.0.0.1:5432/postgres';

const emulator = createTelegramEmulator({ rateLimits: false });
const admin = connect(adminUrl, 1);
const dbName = `canalize_bench_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
await admin.unsafe(`create database ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'canalize-bench-engine-'));
const port = 4400 + Math.floor(Math.random() * 400);
const child = Bun.spawn(['bun', 'server/src/index.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', SKIP_CLIENT_BUILD: '1', TELEGRAM_API_ROOT: emulator.url, DATABASE_URL: dbUrl.toString() },
  stdout: 'ignore', stderr: 'inherit',
});
const url = `http://127.0.0.1:${port}`;
try {
  while (!(await fetch(`${url}/api/health`).then((r) => r.status === 200, () => false))) await Bun.sleep(50);
  const registered = await fetch(`${url}/api/auth/register`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email: `bench${Date.now()}@exemplo.com`, password: 'segredo1' }),
  }).then((r) => r.json() as Promise<{ data: { tokens: { accessToken: string } } }>);
  const call = async (pathname: string, body: unknown) => {
    const response = await fetch(`${url}/api${pathname}`, {
      method: 'POST', headers: { authorization: `Bearer ${registered.data.tokens.accessToken}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { data: Record<string, { id: string }> };
  };
  const created = emulator.control.createBot({ username: 'canalize_bench_engine_bot' });
  const botId = (await call('/bots', { token: created.token })).data.bot?.id ?? '';
  const flowId = (await call('/flows', { name: 'Bench', botId, executionContexts: ['private'] })).data.flow?.id ?? '';
  const node = async (subType: string, type: string, config: Record<string, unknown>) =>
    (await call('/flows/nodes', { flowId, type, subType, config })).data.node?.id ?? '';
  // Ten nodes, every one visited per execution: trigger → if → text → random → if → random → text → if → random → text.
  const ids = [
    await node('trigger_command', 'trigger', { command: '/start' }),
    await node('if_else', 'condition', { variable: 'contact.firstName', operator: 'contains', value: 'contato' }),
    await node('send_text', 'action', { message: 'Olá {{contact.firstName}}' }),
    await node('random', 'condition', { probability: 1 }),
    await node('if_else', 'condition', { variable: 'command.args', operator: 'equals', value: '' }),
    await node('random', 'condition', { probability: 1 }),
    await node('send_text', 'action', { message: 'Passo 2 às {{now.time}}' }),
    await node('if_else', 'condition', { variable: 'message.text', operator: 'notContains', value: 'xyz' }),
    await node('random', 'condition', { probability: 1 }),
    await node('send_text', 'action', { message: 'Fim' }),
  ];
  for (let index = 1; index < ids.length; index += 1) {
    const source = ids[index - 1] ?? '';
    const handle = index - 1 === 0 || index - 1 === 2 || index - 1 === 6 ? 'default' : 'true';
    await call('/flows/connections', { flowId, sourceNodeId: source, targetNodeId: ids[index], sourceHandle: handle });
  }
  while (!emulator.control.isPolling(created.token)) await Bun.sleep(20);
  const users = Array.from({ length: CONTACTS }, (_, i) => emulator.control.createUser({ first_name: `contato${i}` }));
  const expected = MESSAGES * 3;
  const started = performance.now();
  for (let index = 0; index < MESSAGES; index += 1) {
    emulator.control.sendPrivateMessage({ from: users[index % CONTACTS]?.id ?? 0, bot: created.token, text: '/start' });
    if (index % 500 === 499) await Bun.sleep(0);
  }
  while (emulator.control.sentMessages({ token: created.token }).length < expected) {
    if (performance.now() - started > 300_000) throw new Error('timeout');
    await Bun.sleep(25);
  }
  const elapsed = (performance.now() - started) / 1000;
  const db = connect(dbUrl.toString(), 1);
  // History is written behind: wait until every execution is on disk before reading the step timings.
  for (let waited = 0; waited < 30_000; waited += 100) {
    const [count] = await db<{ n: number }[]>`select count(*)::int as n from flow_executions`;
    if ((count?.n ?? 0) >= MESSAGES) break;
    await Bun.sleep(100);
  }
  const recorded = (performance.now() - started) / 1000;
  const [row] = await db<{ steps: number; executions: number }[]>`select coalesce(sum(step_count), 0)::int as steps, count(*)::int as executions from flow_executions`;
  const latencies = (await db<{ own: number }[]>`
    select (s->>'ms')::float8 - (s->>'externalMs')::float8 as own from flow_executions e, jsonb_array_elements(e.steps) s`).map((r) => r.own).sort((a, b) => a - b);
  await db.end();
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  console.log(`execuções: ${row?.executions} · passos: ${row?.steps} · respostas: ${expected} em ${elapsed.toFixed(1)} s`);
  console.log(`execuções/s: ${Math.round((row?.executions ?? 0) / elapsed)} · passos/s: ${Math.round((row?.steps ?? 0) / elapsed)} (meta ≥ 1 000); histórico completo no banco após ${recorded.toFixed(1)} s`);
  console.log(`latência por passo sem o emulador: p50 ${pct(50).toFixed(3)} ms · p99 ${pct(99).toFixed(3)} ms (meta p99 < 20 ms)`);
} finally {
  child.kill();
  await child.exited;
  await emulator.stop();
  await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
