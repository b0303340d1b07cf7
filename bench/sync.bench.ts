/**
 * Offline sync, server side, on the embedded database and on PostgreSQL (BENCH_DATABASE_URL, default the
 * local server; skipped when unreachable):
 * - push throughput: 5 000 mutations (node.update and welcome.save alternating) in batches of 100, from one client
 *   (the server applies them in chunked transactions, in order) and from 4 clients of the same user at once;
 * - pull: 10 000 nodes created by push, then the time to pull every page from cursor 0.
 * BENCH_SYNC_ONLY=embedded|postgres runs one side. The client side (Dexie) is sync-client.bench.ts; the helpers
 * (server process, user with a bot, sync client) live in test-support/sync-server.ts.
 */
import { benchSyncClient, postgresReachable, promotedChannel, startSyncTarget, type SyncTarget } from './test-support/sync-server.ts';

const MUTATIONS = Number(process.env.BENCH_SYNC_MUTATIONS ?? 5000);
const BATCH = 100;
const PULL_ROWS = Number(process.env.BENCH_SYNC_PULL_ROWS ?? 10_000);

async function seedNodes(target: SyncTarget, count: number, batch = 500) {
  const client = benchSyncClient(target);
  const flowId = crypto.randomUUID();
  await client.push([client.envelope('flow.create', { flow: { id: flowId, name: 'Bench', botId: target.botId, executionContexts: ['private'] } })]);
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  for (let index = 0; index < ids.length; index += batch) {
    await client.push(
      ids.slice(index, index + batch).map((id, offset) =>
        client.envelope('node.create', { node: { id, flowId, type: 'action', subType: 'send_text', position: { x: offset, y: index } } }),
      ),
    );
  }
  return ids;
}

/** `clients` outboxes of the same user push their share of `total` mutations in batches, all at once. */
async function pushRate(target: SyncTarget, nodeIds: string[], channelId: string, total: number, clients: number) {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, clientIndex) => {
      const client = benchSyncClient(target);
      const share = total / clients;
      for (let sent = 0; sent < share; sent += BATCH) {
        const batch = Array.from({ length: Math.min(BATCH, share - sent) }, (_, offset) => {
          const n = sent + offset;
          return n % 2 === 0
            ? client.envelope('node.update', { nodeId: nodeIds[(n + clientIndex) % nodeIds.length] ?? '', changes: { label: `c${clientIndex} n${n}`, position: { x: n, y: clientIndex } } })
            : client.envelope('welcome.save', { channelId, welcome: { message: `Boas-vindas ${clientIndex}/${n}` } });
        });
        await client.push(batch);
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

async function pullTime(target: SyncTarget) {
  const client = benchSyncClient(target);
  const started = performance.now();
  let cursor = 0;
  let rows = 0;
  let pages = 0;
  for (;;) {
    const page = await client.pull(cursor);
    rows += Object.values(page.changes).reduce((sum, list) => sum + list.length, 0) + page.deleted.length;
    pages += 1;
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  return { ms: performance.now() - started, rows, pages };
}

async function measure(kind: 'embedded' | 'postgres') {
  const target = await startSyncTarget(kind);
  try {
    const channelId = await promotedChannel(target);
    const seedStarted = performance.now();
    const nodeIds = await seedNodes(target, PULL_ROWS);
    const createRate = PULL_ROWS / ((performance.now() - seedStarted) / 1000);
    const single = await pushRate(target, nodeIds.slice(0, 50), channelId, MUTATIONS, 1);
    const parallel = await pushRate(target, nodeIds.slice(0, 50), channelId, MUTATIONS, 4);
    const pulled = await pullTime(target);
    console.log(
      `sync: ${target.label}: push ${Math.round(single)} mutações/s (1 cliente, lotes de ${BATCH}), ` +
        `${Math.round(parallel)} mutações/s (4 clientes ao mesmo tempo); node.create em lotes de 500: ${Math.round(createRate)}/s`,
    );
    console.log(`sync: ${target.label}: pull de ${pulled.rows} linhas alteradas em ${pulled.pages} páginas: ${pulled.ms.toFixed(0)} ms`);
  } finally {
    await target.stop();
  }
}

if (import.meta.main) {
  const only = process.env.BENCH_SYNC_ONLY;
  if (only !== 'postgres') await measure('embedded');
  if (only === 'embedded') process.exit(0);
  if (await postgresReachable()) await measure('postgres');
  else console.log('sync: PostgreSQL não disponível (defina BENCH_DATABASE_URL) — medição pulada');
  console.log('sync: meta no PostgreSQL ≥ 5 000 mutações/s');
}
