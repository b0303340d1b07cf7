/**
 * Funnel tracking ingestion (docs/decisions.md#funnel-tracking) on PostgreSQL (BENCH_DATABASE_URL, TEST_DATABASE_URL
 * or DATABASE_URL; a fresh database, dropped afterwards): one server process (`bun server/src/index.ts`,
 * TRUST_PROXY=1) against an in-process Telegram emulator, one funnel, and a load process posting page views
 * (`POST /api/t/{uuid}/pageview`, each a new visit from its own address) with BENCH_FUNNEL_CONCURRENCY (64)
 * concurrent clients for BENCH_FUNNEL_SECONDS (10). Prints page views acknowledged per second, p50 and p99 latency
 * (target ≥ 5 000/s with p99 < 20 ms), then checks that every acknowledged (204) page view is in the database.
 */
import { botResponseSchema, channelsResponseSchema } from '../shared/bots/schemas.ts';
import { funnelCreatedResponseSchema } from '../shared/funnels/schemas.ts';
import { connect } from '../server/src/db/client.ts';
import { createTelegramEmulator } from '../tools/telegram-emulator/emulator.ts';
import { startServerProcess } from './test-support/server-process.ts';

const CONCURRENCY = Number(process.env.BENCH_FUNNEL_CONCURRENCY ?? 64);
const SECONDS = Number(process.env.BENCH_FUNNEL_SECONDS ?? 10);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://canalize_ci:canalize_ci@127.0.0.1:5432/postgres';

async function until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(50);
  }
}

const admin = connect(pgUrl, 1);
const name = `canalize_bench_funnels_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
await admin.unsafe(`create database ${name}`);
const dbUrl = new URL(pgUrl);
dbUrl.pathname = `/${name}`;
const emulator = createTelegramEmulator({ rateLimits: false });
const server = await startServerProcess({
  port: 3900 + Math.floor(Math.random() * 90),
  env: { DATABASE_URL: dbUrl.toString(), TELEGRAM_API_ROOT: emulator.url, TRUST_PROXY: '1', LOG_LEVEL: 'error' },
});
const sql = connect(dbUrl.toString(), 1);
try {
  const api = async (path: string, token: string | undefined, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status >= 300) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  const registered = (await api('/api/auth/register', undefined, { name: 'Bench', email: 'bench-funil@exemplo.com', password: 'segredo123' })) as { data: { tokens: { accessToken: string } } };
  const token = registered.data.tokens.accessToken;
  const created = emulator.control.createBot({ username: 'canalize_bench_funnel_bot', first_name: 'Bot Funil' });
  const bot = botResponseSchema.parse(await api('/api/bots', token, { token: created.token })).data.bot;
  await until('the bot to poll', async () => emulator.control.isPolling(created.token));
  const owner = emulator.control.createUser({ first_name: 'Dono' });
  const chat = emulator.control.createChat({ type: 'channel', title: 'Canal Bench', creatorId: owner.id });
  emulator.control.promoteBot({ chatId: chat.id, bot: created.token });
  const channel = await until('the channel', async () =>
    channelsResponseSchema.parse(await api(`/api/bots/${bot.id}/channels`, token)).data.channels.find((item) => item.channelId === String(chat.id)));
  const { funnel } = funnelCreatedResponseSchema.parse(await api('/api/funnels', token, { botId: bot.id, channelId: channel.id, name: 'Funil Bench' })).data;

  type Load = { requests: number; acknowledged: number; failures: number; statuses: Record<string, number>; rps: number; p50Ms: number; p99Ms: number };
  const load = async (uuid: string, seconds: number) => {
    const child = Bun.spawn(['bun', 'bench/test-support/pageview-load.ts', `${server.url}/api/t/${uuid}/pageview`, String(CONCURRENCY), String(seconds)], { stdout: 'pipe', stderr: 'inherit' });
    const out = await new Response(child.stdout).text();
    await child.exited;
    return JSON.parse(out) as Load;
  };
  // The HTTP ceiling of this machine for the same requests: an unknown funnel answers 404 after the same rate
  // limiting, body reading and validation, without a write (how much of the figure below is the database's).
  const ceiling = await load(crypto.randomUUID(), Math.min(5, SECONDS));
  const result = await load(funnel.uuid, SECONDS);
  const [stored] = await sql<{ views: number }[]>`select count(*)::int as views from funnel_events where funnel_id = ${funnel.id} and kind = 'pageview'`;
  const warmup = (stored?.views ?? 0) - result.acknowledged;
  const verdict = result.rps >= 5000 && result.p99Ms < 20 ? 'meta atingida' : 'abaixo da meta (≥ 5 000/s, p99 < 20 ms)';
  console.log(`funnels: page views: ${result.rps.toFixed(0)}/s confirmadas (204), p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms — ${verdict}`);
  console.log(`funnels: ${result.requests} requisições em ${SECONDS} s com ${CONCURRENCY} clientes, respostas ${JSON.stringify(result.statuses)}`);
  console.log(`funnels: teto HTTP sem gravação (funil desconhecido → 404): ${(ceiling.requests / Math.min(5, SECONDS)).toFixed(0)}/s, p99 ${ceiling.p99Ms.toFixed(2)} ms`);
  console.log(`funnels: no banco ${stored?.views ?? 0} page views = ${result.acknowledged} confirmadas + ${warmup} do aquecimento (perdidas: ${warmup < 0 ? -warmup : 0})`);
} finally {
  await server.stop();
  await emulator.stop();
  await sql.end({ timeout: 5 });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end({ timeout: 5 });
}
