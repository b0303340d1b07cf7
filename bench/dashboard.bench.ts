/**
 * The dashboard's activity on PostgreSQL: an account with 100 000 contacts and 1 000 000 messages spread over the
 * last 90 days (the longest window: every day full), plus channel joins and leaves, broadcast outcomes and funnel
 * entries. Then GET /api/dashboard/activity through HTTP with
 * days=7|30|90 in turn and tz=America/Sao_Paulo, sequential and 8 at a time: p50 / p95 / p99 (target p95 < 100 ms).
 * `BENCH_DATABASE_URL` names the PostgreSQL server (a throw-away database is created there and dropped).
 */
import { dashboardActivityResponseSchema } from '../shared/dashboard/schemas.ts';
import { openThrowawayBench, requirePostgres } from './test-support/throwaway-postgres.ts';

const CONTACTS = 100_000;
const MESSAGES = 1_000_000;
const DAYS = 90;

await requirePostgres('dashboard');
const bench = await openThrowawayBench('dashboard', { portBase: 5600 });
const { sql } = bench;

try {
  const { token, botId } = await bench.accountWithBot('Bench');
  await seed(botId);
  const expected = await sql<{ n: number }[]>`select coalesce(sum(messages_received + messages_sent), 0)::int as n from activity_counts`;
  console.log(`contagens de mensagens nas janelas de 15 min: ${expected[0]?.n ?? 0} (esperado ${MESSAGES})`);
  await latency(bench.server.url, token);
} finally {
  await bench.close();
}

/**
 * The rows are written with the tables' triggers off (a million messages through the inbox's per-statement work
 * takes many minutes on this machine), then the counts and the conversations are computed from them once: the
 * counts by activity_counts_rebuild (migration 0660, what the triggers count), the conversations as migration 0500
 * fills them. The triggers' counting is proven by the API's integration tests.
 */
async function seed(botId: string) {
  const started = performance.now();
  const [user] = await sql<{ id: string }[]>`select user_id as id from bots where id = ${botId}`;
  const userId = user?.id ?? '';
  const window = sql`(${DAYS}::int * interval '1 day')`;
  await sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    await tx`
      insert into contacts (bot_id, user_id, telegram_id, first_name, username, created_at, last_interaction_at)
      select ${botId}, ${userId}, 100000 + g, 'Contato ' || g, 'contato' || g, now() - random() * ${window}, now()
      from generate_series(1, ${CONTACTS}) g`;
    // 10 messages per contact at random moments of the window; the newest round is unread. The source follows the
    // direction (migration 0650's check); the lateral names r so its random() is drawn per row, not once.
    await tx`
      insert into messages (bot_id, user_id, contact_id, chat_id, direction, source, text, type, created_at, read_at)
      select c.bot_id, ${userId}, c.id, c.telegram_id, d.direction, case when d.direction = 'in' then 'contact' else 'operator' end,
             'mensagem ' || r || ' de ' || c.first_name, 'TEXT', now() - random() * ${window}, case when r < 9 then now() end
      from contacts c, generate_series(0, ${MESSAGES / CONTACTS - 1}) r,
           lateral (select case when random() < 0.35 + 0 * r then 'out' else 'in' end as direction) d
      where c.bot_id = ${botId}`;
    await tx`
      insert into conversations (contact_id, user_id, bot_id, last_message_id, last_message_uid, last_message_at, unread_count)
      select distinct on (m.contact_id) m.contact_id, m.user_id, m.bot_id, m.id, m.uid, m.created_at,
             count(*) filter (where m.direction = 'in' and m.read_at is null) over (partition by m.contact_id)
      from messages m order by m.contact_id, m.created_at desc, m.id desc`;
    const [chat] = await tx<{ id: string }[]>`
      insert into channels (bot_id, user_id, chat_id, title, type) values (${botId}, ${userId}, -1001, 'Canal', 'channel') returning id`;
    await tx`
      insert into channel_member_events (user_id, bot_id, chat_id, telegram_user_id, kind, occurred_at)
      select ${userId}, ${botId}, -1001, 100000 + g, case when g % 4 = 0 then 'leave' else 'join' end, now() - random() * ${window}
      from generate_series(1, ${CONTACTS}) g`;
    const [funnel] = await tx<{ id: string }[]>`
      insert into funnels (user_id, bot_id, channel_id, name, invite_link) values (${userId}, ${botId}, ${chat?.id ?? ''}, 'Funil', 'https://t.me/+x') returning id`;
    await tx`
      insert into funnel_entries (funnel_id, contact_id, entered_at)
      select ${funnel?.id ?? ''}, c.id, c.created_at from contacts c where c.bot_id = ${botId} and c.telegram_id % 3 = 0`;
    const [broadcast] = await tx<{ id: string }[]>`
      insert into broadcasts (user_id, bot_id, name, message, status) values (${userId}, ${botId}, 'Promo', 'oi', 'COMPLETED') returning id`;
    await tx`
      insert into broadcast_recipients (broadcast_id, telegram_id, contact_id, status, updated_at)
      select ${broadcast?.id ?? ''}, telegram_id, id, case when telegram_id % 10 = 0 then 'failed' else 'sent' end, now() - random() * ${window}
      from contacts where bot_id = ${botId}`;
    await tx`select activity_counts_rebuild(now() - ${window} - interval '1 day')`;
  });
  await sql`vacuum analyze`;
  const [slots] = await sql<{ n: number }[]>`select count(*)::int as n from activity_counts`;
  console.log(`semeado: ${CONTACTS} contatos, ${MESSAGES} mensagens, entradas e saídas, funil e disparo em ${((performance.now() - started) / 1000).toFixed(1)} s (${slots?.n ?? 0} janelas de 15 min)`);
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
  const all = sequential.map((r) => r.ms).sort((a, b) => a - b);
  const p95 = all[Math.floor(0.95 * all.length)] ?? 0;
  const verdict = p95 < 100 ? 'meta atingida' : 'abaixo da meta (p95 < 100 ms)';
  console.log(`GET /api/dashboard/activity (7/30/90 alternados), sequencial: ${describe(all)} — ${verdict}`);
  console.log(`GET /api/dashboard/activity (7/30/90 alternados), 8 simultâneas: ${describe(parallel.map((r) => r.ms))}`);
}

function describe(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms (n=${sorted.length})`;
}
