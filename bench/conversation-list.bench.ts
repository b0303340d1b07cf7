/**
 * The team inbox's list on PostgreSQL (docs/product.md#screen-chat): 100 000 conversations of one workspace with 50
 * members, most assigned (1.6 % each), a fifth unassigned, spread over aberta / pendente / resolvida, a seventh unread,
 * ten labels on a tenth of the contacts each and a rare one on one in a thousand; then GET /api/messages/conversations through HTTP with each filter and their combinations (target p95 < 30 ms).
 * `BENCH_DATABASE_URL` names the PostgreSQL server (a throw-away database is created there and dropped).
 */
import { openThrowawayBench, requirePostgres } from './test-support/throwaway-postgres.ts';

const CONVERSATIONS = 100_000;
const MEMBERS = 50;
const RUNS = 200;

await requirePostgres('conversation-list');
const bench = await openThrowawayBench('conversation-list', { portBase: 5600 });
const { sql } = bench;

try {
  const account = await bench.accountWithBot('Dona');
  const members = await seed(account.userId, account.botId);
  const labels = await seedLabels(account.userId, account.botId);
  await report(bench.server.url, account.token, members[1] ?? account.userId, labels);
} finally {
  await bench.close();
}

/** The workspace's 49 other members, the contacts, one message each, then assignee, status and unread spread. */
async function seed(workspaceId: string, botId: string): Promise<string[]> {
  const started = performance.now();
  const others = await sql<{ id: string }[]>`
    insert into users (name, email, password_hash)
    select 'Membro ' || g, 'membro' || g || '-' || ${workspaceId} || '@exemplo.com', 'x' from generate_series(1, ${MEMBERS - 1}) g
    returning id`;
  await sql`insert into workspace_members (workspace_id, user_id, role) select ${workspaceId}, id, 'agent' from unnest(${others.map((row) => row.id)}::uuid[]) id`;
  const members = [workspaceId, ...others.map((row) => row.id)];
  await sql`
    insert into contacts (bot_id, telegram_id, first_name, username, message_count, last_interaction_at)
    select ${botId}, 100000 + g, 'Contato ' || g, 'contato' || g, 1, now() - (g || ' seconds')::interval
    from generate_series(1, ${CONVERSATIONS}) g`;
  await sql`
    insert into messages (bot_id, contact_id, chat_id, direction, source, text, type, created_at)
    select c.bot_id, c.id, c.telegram_id, 'in', 'contact', 'mensagem de ' || c.first_name, 'TEXT', c.last_interaction_at
    from contacts c where c.bot_id = ${botId}`;
  // Deterministic spread by the contact's number: 20 % unassigned, the rest over the 50 members; 60/20/20 % by
  // status; one in seven unread.
  await sql`
    update conversations v set
      assignee_id = case when n % 5 = 0 then null else (${members}::uuid[])[1 + (n / 5) % ${MEMBERS}] end,
      status = case when (n / 3) % 10 < 6 then 'OPEN' when (n / 3) % 10 < 8 then 'PENDING' else 'RESOLVED' end,
      unread_count = case when n % 7 = 3 then 1 else 0 end
    from (select id, telegram_id - 100000 as n from contacts where bot_id = ${botId}) c
    where v.contact_id = c.id`;
  await sql`analyze`;
  console.log(`semeado: ${CONVERSATIONS} conversas, ${MEMBERS} membros em ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return members;
}

/** Ten labels, the contact number's last digit choosing one, and a rare label on one contact in a thousand. */
async function seedLabels(workspaceId: string, botId: string): Promise<{ common: string; rare: string }> {
  const ids = Array.from({ length: 11 }, () => crypto.randomUUID());
  const rare = ids[10] ?? '';
  await sql`
    insert into labels (id, user_id, name, color)
    select id, ${workspaceId}::uuid, 'Etiqueta ' || n, 'blue' from unnest(${ids}::uuid[]) with ordinality as t(id, n)`;
  await sql`
    insert into contact_labels (contact_id, label_id, user_id)
    select c.id, (${ids}::uuid[])[1 + (c.telegram_id - 100000) % 10], ${workspaceId}::uuid from contacts c where c.bot_id = ${botId}
    union all
    select c.id, ${rare}::uuid, ${workspaceId}::uuid from contacts c where c.bot_id = ${botId} and (c.telegram_id - 100000) % 1000 = 7`;
  await sql`analyze`;
  return { common: ids[3] ?? '', rare };
}

async function report(url: string, token: string, member: string, labels: { common: string; rare: string }) {
  const queries = [
    '', '?assignee=me', '?assignee=none', `?assignee=${member}`, '?status=PENDING', '?status=RESOLVED', '?unread=true',
    '?assignee=me&status=OPEN', '?assignee=none&status=RESOLVED', `?assignee=${member}&status=PENDING&unread=true`,
    '?status=RESOLVED&unread=true', '?assignee=me&unread=true',
    `?label=${labels.common}`, `?label=${labels.rare}`, `?label=${labels.common}&assignee=me`,
    `?label=${labels.common}&status=OPEN&unread=true`, `?label=${labels.rare}&assignee=none`,
  ];
  const all: number[] = [];
  for (const query of queries) {
    const times = await measure(url, token, query);
    all.push(...times);
    const shown = query.replace(member, '<membro>').replace(labels.common, '<etiqueta 10 %>').replace(labels.rare, '<etiqueta 0,1 %>');
    console.log(`GET /api/messages/conversations${shown}: ${describe(times)}`);
  }
  console.log(`todas as consultas: ${describe(all)} (meta: p95 < 30 ms)`);
}

async function measure(url: string, token: string, query: string) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${url}/api/messages/conversations${query}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { data?: { conversations: unknown[] } };
    if (response.status !== 200 || !body.data) throw new Error(`conversations${query} answered ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await once());
  return times;
}

function describe(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms (n=${sorted.length})`;
}
