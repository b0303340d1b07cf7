/**
 * The inbox on PostgreSQL (docs/product.md#screen-chat): 10 000 contacts with 100 000 messages, then
 * - GET /api/messages/conversations through HTTP, sequential and 8 at a time: p50 / p95 / p99 (target p95 < 30 ms);
 * - live fan-out: 1 000 open GET /api/events streams on one server, a Telegram user writes (emulator → runtime →
 *   journal → notifier → every stream): latency from the write to the event on each stream, p50 / p99
 *   (target p99 < 200 ms).
 * `BENCH_DATABASE_URL` names the PostgreSQL server (a throw-away database is created there and dropped).
 */
import { openThrowawayBench, requirePostgres } from './test-support/throwaway-postgres.ts';

// Bun's fetch opens at most 256 connections at once unless told otherwise: 1 000 streams need more.
if (!process.env.BUN_CONFIG_MAX_HTTP_REQUESTS) {
  const child = Bun.spawn(['bun', import.meta.path], { env: { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: '4096' }, stdout: 'inherit', stderr: 'inherit' });
  process.exit(await child.exited);
}

const CONTACTS = 10_000;
const MESSAGES = 100_000;
const STREAMS = 1_000;
const WRITES = 20;

await requirePostgres('inbox');
const bench = await openThrowawayBench('inbox', {
  portBase: 5200,
  // The fan-out measures 1 000 streams of the one account a message belongs to: the per-account cap is raised for it.
  env: { LIVE_STREAMS_PER_ACCOUNT: '1000' },
});
const { sql, server, emulator } = bench;

try {
  const { token, botId, botToken } = await bench.accountWithBot('Bench');
  const seeded = performance.now();
  await sql`
    insert into contacts (bot_id, telegram_id, first_name, username, message_count, last_interaction_at)
    select ${botId}, 100000 + g, 'Contato ' || g, 'contato' || g, ${MESSAGES / CONTACTS}, now() - (g || ' minutes')::interval
    from generate_series(1, ${CONTACTS}) g`;
  // 10 messages per contact in 10 statements of 10 000 rows (one conversation upsert per contact per statement).
  for (let round = 0; round < MESSAGES / CONTACTS; round++) {
    await sql`
      insert into messages (bot_id, contact_id, chat_id, direction, source, text, type, created_at)
      select c.bot_id, c.id, c.telegram_id, case when ${round} % 3 = 2 then 'out' else 'in' end,
             case when ${round} % 3 = 2 then 'operator' else 'contact' end,
             'mensagem ' || ${round} || ' de ' || c.first_name, 'TEXT',
             c.last_interaction_at - ((10 - ${round}) || ' seconds')::interval
      from contacts c where c.bot_id = ${botId}`;
  }
  await sql`analyze`;
  console.log(`semeado: ${CONTACTS} contatos, ${MESSAGES} mensagens em ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  await listLatency(server.url, token);
  await fanOut(server.url, token, botToken);
} finally {
  await bench.close();
}

async function listLatency(url: string, token: string) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${url}/api/messages/conversations`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { data: { conversations: unknown[] } };
    if (response.status !== 200 || body.data.conversations.length !== 50) throw new Error(`conversations answered ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 30; i++) await once();
  const sequential: number[] = [];
  for (let i = 0; i < 300; i++) sequential.push(await once());
  const parallel: number[] = [];
  await Promise.all(Array.from({ length: 8 }, async () => {
    for (let i = 0; i < 60; i++) parallel.push(await once());
  }));
  console.log(`GET /api/messages/conversations (50 de ${CONTACTS}), sequencial: ${describe(sequential)}`);
  console.log(`GET /api/messages/conversations, 8 simultâneas: ${describe(parallel)}`);
}

async function fanOut(url: string, token: string, botToken: string) {
  const received: number[][] = Array.from({ length: WRITES }, () => []);
  let current = -1;
  let sentAt = 0;
  const controllers: AbortController[] = [];
  let ready = 0;
  const decoder = new TextDecoder();
  await Promise.all(Array.from({ length: STREAMS }, async () => {
    const controller = new AbortController();
    controllers.push(controller);
    const response = await fetch(`${url}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
    const reader = response.body?.getReader();
    void (async () => {
      for (;;) {
        const chunk = await reader?.read().catch(() => undefined);
        if (!chunk || chunk.done) return;
        const text = decoder.decode(chunk.value);
        if (text.includes('event: ready')) ready += 1;
        if (text.includes('messages.changed') && current >= 0) received[current]?.push(performance.now() - sentAt);
      }
    })();
  }));
  while (ready < STREAMS) await Bun.sleep(20);
  const user = emulator.control.createUser({ first_name: 'Leitora' });
  for (let write = 0; write < WRITES; write++) {
    current = write;
    sentAt = performance.now();
    emulator.control.sendPrivateMessage({ from: user.id, bot: botToken, text: `ao vivo ${write}` });
    const deadline = performance.now() + 5000;
    while ((received[write]?.length ?? 0) < STREAMS && performance.now() < deadline) await Bun.sleep(2);
    await Bun.sleep(100);
  }
  for (const controller of controllers) controller.abort();
  const all = received.flat();
  const missing = WRITES * STREAMS - all.length;
  console.log(`fan-out: ${STREAMS} streams abertos, ${WRITES} mensagens recebidas → evento em cada stream: ${describe(all)}${missing > 0 ? `; ${missing} eventos não chegaram` : ''}`);
}

function describe(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms (n=${sorted.length})`;
}
