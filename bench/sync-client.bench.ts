/**
 * Offline sync, client side, with the client's own outbox, replayer and pull code (client/src/offline)
 * on Dexie over fake-indexeddb in Bun — not a browser's IndexedDB — against the real server in its own process on
 * the embedded database and on PostgreSQL when reachable (BENCH_DATABASE_URL), over loopback:
 * - replay: 1 000 and 10 000 mutations queued while offline (welcome.save, flow.setEnabled, flow.update), then the
 *   time from "reconnect" to an empty outbox: batched pushes, acknowledgements, the pull and its rebase. Targets
 *   < 2 s and < 3 s. (One channel and one flow edited over and over: the server writes what a later mutation of the
 *   same chunk overwrites once, docs/offline-sync.md#rule-4.)
 *   (bot.setActive is left out of the mix: each one starts or stops a bot in the server's runtime, a cost of the
 *   bot runtime, not of the replay.)
 * - pull: 10 000 changed rows (nodes created by push) into an empty cache, every page parsed and applied.
 * The server's push throughput is in sync.bench.ts.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { pullResponseSchema, pushResponseSchema } from '@shared/sync/protocol.ts';
import { CanalizeDb } from '../client/src/offline/db.ts';
import { enqueue } from '../client/src/offline/outbox.ts';
import { createReplayer, DEFAULT_BATCH, type SyncTransport } from '../client/src/offline/replayer.ts';
import { benchSyncClient, postgresReachable, promotedChannel, startSyncTarget, type SyncTarget } from './test-support/sync-server.ts';

/** Queue sizes replayed, each with its target: 1 000 (< 2 s) and 10 000 (< 3 s). */
const QUEUED = process.env.BENCH_SYNC_QUEUED ? [Number(process.env.BENCH_SYNC_QUEUED)] : [1000, 10_000];
const TARGET_MS = (queued: number) => (queued > 1000 ? 3000 : 2000);
const PULL_ROWS = Number(process.env.BENCH_SYNC_PULL_ROWS ?? 10_000);

/** What the app's transport does (client/src/offline/transport.ts), without its session store. */
function transportFor(target: SyncTarget) {
  const headers = { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' };
  /** `wireMs`: time inside requests (loopback + the server's work + parsing), to tell it from the client's own. */
  const counters = { pushes: 0, pulls: 0, wireMs: 0 };
  const timed = async <T>(run: () => Promise<T>) => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      counters.wireMs += performance.now() - started;
    }
  };
  const transport: SyncTransport = {
    push: (mutations) =>
      timed(async () => {
        counters.pushes += 1;
        const response = await fetch(`${target.url}/api/sync/push`, { method: 'POST', headers, body: JSON.stringify({ mutations }) });
        return pushResponseSchema.parse(await response.json()).data;
      }),
    pull: (cursor) =>
      timed(async () => {
        counters.pulls += 1;
        const response = await fetch(`${target.url}/api/sync/pull?cursor=${cursor}`, { headers });
        return pullResponseSchema.parse(await response.json()).data;
      }),
  };
  return { ...transport, counters };
}

const freshDb = () => new CanalizeDb(`bench-${crypto.randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });

async function replay(target: SyncTarget, channelId: string, queued: number) {
  const db = freshDb();
  const transport = transportFor(target);
  await createReplayer({ db, transport }).sync();
  const flowId = crypto.randomUUID();
  await enqueue(db, 'flow.create', { flow: { id: flowId, botId: target.botId, name: 'Bench', executionContexts: ['private'] } });
  await createReplayer({ db, transport }).sync();

  const queuedStarted = performance.now();
  for (let n = 0; n < queued; n++) {
    if (n % 3 === 0) await enqueue(db, 'welcome.save', { channelId, welcome: { message: `Boas-vindas ${n}` } });
    else if (n % 3 === 1) await enqueue(db, 'flow.setEnabled', { flowId, enabled: n % 2 === 0 });
    else await enqueue(db, 'flow.update', { flowId, changes: { name: `Bench ${n}` } });
  }
  const enqueueMs = performance.now() - queuedStarted;
  const before = { ...transport.counters };

  const started = performance.now();
  await createReplayer({ db, transport }).sync();
  const ms = performance.now() - started;
  const left = await db.outbox.count();
  if (left !== 0) throw new Error(`${left} alterações ficaram na fila`);
  const wire = transport.counters.wireMs - before.wireMs;
  console.log(
    `sync-client: ${target.label}: replay de ${queued} alterações na reconexão: ${ms.toFixed(0)} ms ` +
      `(${transport.counters.pushes - before.pushes} envios de até ${DEFAULT_BATCH}, ${transport.counters.pulls - before.pulls} pull; ` +
      `${wire.toFixed(0)} ms nas requisições/servidor, ${(ms - wire).toFixed(0)} ms no cliente) — meta < ${TARGET_MS(queued)} ms; ` +
      `enfileirar (aplicar + gravar) ${(enqueueMs / queued).toFixed(2)} ms por alteração`,
  );
}

async function pull(target: SyncTarget) {
  const seeder = benchSyncClient(target);
  const flowId = crypto.randomUUID();
  await seeder.push([seeder.envelope('flow.create', { flow: { id: flowId, name: 'Bench pull', botId: target.botId, executionContexts: ['private'] } })]);
  for (let index = 0; index < PULL_ROWS; index += 500) {
    await seeder.push(
      Array.from({ length: Math.min(500, PULL_ROWS - index) }, (_, offset) =>
        seeder.envelope('node.create', { node: { id: crypto.randomUUID(), flowId, type: 'action', subType: 'send_text', position: { x: offset, y: index } } }),
      ),
    );
  }
  const db = freshDb();
  const transport = transportFor(target);
  const started = performance.now();
  await createReplayer({ db, transport }).sync();
  const ms = performance.now() - started;
  const nodes = await db.flowNodes.count();
  console.log(
    `sync-client: ${target.label}: pull de ${nodes} nós (cache vazio, ${transport.counters.pulls} páginas) para o Dexie (fake-indexeddb): ` +
      `${ms.toFixed(0)} ms (${transport.counters.wireMs.toFixed(0)} ms nas requisições/servidor)`,
  );
}

async function measure(kind: 'embedded' | 'postgres') {
  const target = await startSyncTarget(kind);
  try {
    const channelId = await promotedChannel(target);
    for (const queued of QUEUED) await replay(target, channelId, queued);
    await pull(target);
  } finally {
    await target.stop();
  }
}

if (import.meta.main) {
  if (process.env.BENCH_SYNC_ONLY !== 'postgres') await measure('embedded');
  if (await postgresReachable()) await measure('postgres');
  else console.log('sync-client: PostgreSQL não disponível (defina BENCH_DATABASE_URL) — medição pulada');
}
