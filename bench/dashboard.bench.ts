/**
 * The dashboard's activity on PostgreSQL: an account with 100 000 contacts and 1 000 000 messages spread over the
 * last 90 days (the longest window: every day full), plus channel joins and leaves, broadcast outcomes and funnel
 * entries, all written through the tables' own triggers. Then GET /api/dashboard/activity through HTTP with
 * days=7|30|90 in turn and tz=America/Sao_Paulo, sequential and 8 at a time: p50 / p95 / p99 (target p95 < 100 ms).
 * `BENCH_DATABASE_URL` names the PostgreSQL server (a throw-away database is created there and dropped).
 */
import { dashboardActivityResponseSchema } from '../shared/dashboard/schemas.ts';
import { connect } from '../server/src/db/client.ts';
import { createTelegramEmulator } from '../tools/telegram-emulator/emulator.ts';
import { api, BENCH_PG_URL, postgresReachable } from './test-support/sync-server.ts';
import { startServerProcess } from './test-support/server-process.ts';

const CONTACTS = 100_000;
const MESSAGES = 1_000_000;
const DAYS = 90;

if (!(await postgresReachable())) {
  console.log(`dashboard: PostgreSQL indisponível em ${BENCH_PG_URL}; defina BENCH_DATABASE_URL`);
  process.exit(0);
}

const admin = connect(BENCH_PG_URL, 1);
const name = `canalize_bench_dashboard_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
await admin.unsafe(`create database ${name}`);
const dbUrl = new URL(BENCH_PG_URL);
dbUrl.pathname = `/${name}`;
const emulator = createTelegramEmulator({ rateLimits: false });
const server = await startServerProcess({
  port: 5600 + Math.floor(Math.random() * 300),
  env: { DATABASE_URL: dbUrl.toString(), TELEGRAM_API_ROOT: emulator.url, LOG_LEVEL: 'error' },
});
const sql = connect(dbUrl.toString(), 2);

try {
  const register = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email: `bench${crypto.randomUUID().slice(0, 8)}@exemplo.com`, password: 'segredo1' }),
  });
  const token = ((await register.json()) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
  const created = emulator.control.createBot({ username: `canalize_bench_dash_${Date.now() % 100000}_bot` });
  const { bot } = await api<{ bot: { id: string } }>(server.url, token, 'POST', '/bots', { token: created.token });
  await seed(bot.id);
  const expected = await sql<{ n: number }[]>`select coalesce(sum(n), 0)::int as n from activity_counts where metric in ('in', 'out')`;
  console.log(`contagens de mensagens nas janelas de 15 min: ${expected[0]?.n ?? 0} (esperado ${MESSAGES})`);
  await latency(server.url, token);
} finally {
  await sql.end({ timeout: 5 });
  await server.stop();
  await emulator.stop();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end({ timeout: 5 });
}

async function seed(botId: string) {
  const started = performance.now();
  const [user] = await sql<{ id: string }[]>`select user_id as id from bots where id = ${botId}`;
  const userId = user?.id ?? '';
  await sql`
    insert into contacts (bot_id, telegram_id, first_name, username, created_at, last_interaction_at)
    select ${botId}, 100000 + g, 'Contato ' || g, 'contato' || g, now() - random() * (${DAYS}::int * interval '1 day'), now()
    from generate_series(1, ${CONTACTS}) g`;
  // 10 messages per contact, one statement per round (100 000 rows each), at random moments of the window; the
  // newest are unread.
  for (let round = 0; round < MESSAGES / CONTACTS; round++) {
    await sql`
      insert into messages (bot_id, contact_id, chat_id, direction, text, type, created_at, read_at)
      select c.bot_id, c.id, c.telegram_id, case when random() < 0.35 then 'out' else 'in' end,
             'mensagem ' || ${round} || ' de ' || c.first_name, 'TEXT',
             now() - random() * (${DAYS}::int * interval '1 day'), case when ${round} < 9 then now() end
      from contacts c where c.bot_id = ${botId}`;
  }
  const [chat] = await sql<{ id: string }[]>`
    insert into channels (bot_id, chat_id, title, type) values (${botId}, -1001, 'Canal', 'channel') returning id`;
  await sql`
    insert into channel_member_events (user_id, bot_id, chat_id, telegram_user_id, kind, occurred_at)
    select ${userId}, ${botId}, -1001, 100000 + g, case when g % 4 = 0 then 'leave' else 'join' end, now() - random() * (${DAYS}::int * interval '1 day')
    from generate_series(1, ${CONTACTS}) g`;
  const [funnel] = await sql<{ id: string }[]>`
    insert into funnels (user_id, bot_id, channel_id, name, invite_link) values (${userId}, ${botId}, ${chat?.id ?? ''}, 'Funil', 'https://t.me/+x') returning id`;
  await sql`
    insert into funnel_entries (funnel_id, contact_id, entered_at)
    select ${funnel?.id ?? ''}, c.id, c.created_at from contacts c where c.bot_id = ${botId} and c.telegram_id % 3 = 0`;
  const [broadcast] = await sql<{ id: string }[]>`
    insert into broadcasts (user_id, bot_id, name, message, status) values (${userId}, ${botId}, 'Promo', 'oi', 'COMPLETED') returning id`;
  await sql`insert into broadcast_recipients (broadcast_id, telegram_id, status) select ${broadcast?.id ?? ''}, telegram_id, 'sending' from contacts where bot_id = ${botId}`;
  await sql`
    update broadcast_recipients set status = case when telegram_id % 10 = 0 then 'failed' else 'sent' end,
      updated_at = now() - random() * (${DAYS}::int * interval '1 day')
    where broadcast_id = ${broadcast?.id ?? ''}`;
  await sql`vacuum analyze`;
  const [slots] = await sql<{ n: number }[]>`select count(*)::int as n from activity_counts`;
  console.log(`semeado: ${CONTACTS} contatos, ${MESSAGES} mensagens, entradas e saídas, funil e disparo em ${((performance.now() - started) / 1000).toFixed(1)} s (${slots?.n ?? 0} linhas de contagem)`);
}

async function latency(url: string, token: string) {
  const windows = [7, 30, 90] as const;
  let call = 0;
  const once = async () => {
    const days = windows[call++ % windows.length] ?? 30;
    const started = performance.now();
    const response = await fetch(`${url}/api/dashboard/activity?days=${days}&tz=America/Sao_Paulo`, { headers: { authorization: `Bearer ${token}` } });
    const activity = dashboardActivityResponseSchema.parse(await response.json()).data.activity;
    if (activity.series.length !== days) throw new Error(`activity answered ${activity.series.length} days for ${days}`);
    return { days, ms: performance.now() - started };
  };
  for (let i = 0; i < 30; i++) await once();
  const sequential: { days: number; ms: number }[] = [];
  for (let i = 0; i < 300; i++) sequential.push(await once());
  const parallel: { days: number; ms: number }[] = [];
  await Promise.all(Array.from({ length: 8 }, async () => {
    for (let i = 0; i < 45; i++) parallel.push(await once());
  }));
  for (const days of windows) {
    console.log(`GET /api/dashboard/activity?days=${days}, sequencial: ${describe(sequential.filter((r) => r.days === days).map((r) => r.ms))}`);
  }
  const all = describe(sequential.map((r) => r.ms));
  console.log(`GET /api/dashboard/activity (7/30/90 alternados), sequencial: ${all}`);
  console.log(`GET /api/dashboard/activity (7/30/90 alternados), 8 simultâneas: ${describe(parallel.map((r) => r.ms))}`);
}

function describe(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms (n=${sorted.length})`;
}
