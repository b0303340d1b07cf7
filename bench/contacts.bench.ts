/**
 * Contact search on PostgreSQL (BENCH_DATABASE_URL, default the local server; skipped when unreachable):
 * 1 000 000 contacts of one user's bot, bulk-inserted with generate_series, then searches through the real HTTP
 * API as that signed-in user (GET /api/contacts/bot/{id}?search=…, first page of 20 with its total), sequentially,
 * after a warm-up. Target: p95 < 50 ms. Figures per kind of term, since a term matching 1 in 40 contacts is planned
 * differently (page walked in last-interaction order, total capped at 1 000) from a name, a username or a Telegram
 * id (trigram index), docs/decisions.md#p-contacts.
 */
import { connect } from '../server/src/db/client.ts';
import { api, BENCH_PG_URL, postgresReachable, startSyncTarget } from './test-support/sync-server.ts';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_CONTACTS_ROUNDS ?? 40);

const FIRST = ['João', 'Maria', 'José', 'Ana', 'Antônio', 'Francisca', 'Carlos', 'Adriana', 'Paulo', 'Juliana', 'Lucas', 'Márcia',
  'Luiz', 'Fernanda', 'Pedro', 'Patrícia', 'Marcos', 'Aline', 'Gabriel', 'Sandra', 'Rafael', 'Camila', 'Daniel', 'Amanda',
  'Marcelo', 'Bruna', 'Bruno', 'Jéssica', 'Eduardo', 'Letícia', 'Felipe', 'Júlia', 'Raimundo', 'Luciana', 'Rodrigo', 'Vanessa',
  'Manoel', 'Mariana', 'Mateus', 'Gabriela'];
const LAST = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa',
  'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento',
  'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas'];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function main() {
  if (!(await postgresReachable())) {
    console.log(`contacts: PostgreSQL inalcançável em ${BENCH_PG_URL}; pulado`);
    return;
  }
  const target = await startSyncTarget('postgres');
  try {
    const sql = connect(target.databaseUrl ?? '', 1);
    const started = performance.now();
    await sql.begin(async (tx) => {
      // A bulk load, not product writes: the sync change log's triggers are skipped (the bench measures search).
      await tx`set local session_replication_role = replica`;
      await tx`
        insert into contacts (bot_id, user_id, telegram_id, first_name, last_name, username, is_bot, message_count,
                              last_interaction_at, created_at)
        select b.id, b.user_id, 100000000 + i,
               (${FIRST}::text[])[1 + i % ${FIRST.length}],
               case when i % 5 = 0 then null else (${LAST}::text[])[1 + (i / 7) % ${LAST.length}] end,
               case when i % 10 < 7 then 'user_' || i end,
               i % 50 = 0, i % 200,
               now() - make_interval(secs => (i * 37) % 2592000), now() - make_interval(secs => i)
        from bots b, generate_series(1, ${CONTACTS}) as i
        where b.id = ${target.botId}`;
    });
    await sql`analyze contacts`;
    await sql.end({ timeout: 5 });
    console.log(`contacts: ${CONTACTS.toLocaleString('pt-BR')} contatos inseridos em ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const kinds: Record<string, (round: number) => string> = {
      'Telegram id': (r) => String(100000000 + 12345 * (r + 1)),
      username: (r) => `user_${31337 + r * 977}`,
      'nome + sobrenome': (r) => `${FIRST[r % FIRST.length]} ${LAST[(r * 7) % LAST.length]}`.toLowerCase(),
      'sobrenome sem acento': (r) => (LAST[r % LAST.length] ?? '').toUpperCase(),
      'nome comum (1 em 40)': (r) => (FIRST[r % FIRST.length] ?? '').normalize('NFD').replace(/\p{M}/gu, ''),
    };
    const search = (term: string) => api<{ contacts: unknown[] }>(target.url, target.token, 'GET', `/contacts/bot/${target.botId}?search=${encodeURIComponent(term)}`);
    for (const make of Object.values(kinds)) for (let r = 0; r < 5; r += 1) await search(make(r));

    const all: number[] = [];
    for (const [kind, make] of Object.entries(kinds)) {
      const times: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const t0 = performance.now();
        await search(make(round));
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      console.log(`contacts: busca por ${kind}: p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms`);
    }
    all.sort((a, b) => a - b);
    const p95 = quantile(all, 0.95);
    console.log(`contacts: ${all.length} buscas em ${CONTACTS.toLocaleString('pt-BR')} contatos (PostgreSQL): p50 ${quantile(all, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${quantile(all, 0.99).toFixed(1)} ms (alvo p95 < 50 ms)`);
    const list = performance.now();
    await api(target.url, target.token, 'GET', `/contacts/bot/${target.botId}`);
    await api(target.url, target.token, 'GET', `/contacts/bot/${target.botId}/stats`);
    console.log(`contacts: primeira página sem busca + estatísticas: ${(performance.now() - list).toFixed(1)} ms`);
    if (p95 >= 50) process.exitCode = 1;
  } finally {
    await target.stop();
  }
}

await main();
