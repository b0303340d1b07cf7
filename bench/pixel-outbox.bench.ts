/**
 * The Conversions API outbox (docs/decisions.md#pixel-outbox): 10 000 events (BENCH_EVENTS) recorded with
 * recordPixelEvent for 10 pixels, then delivered by the pixel.deliver job to the fake Graph endpoint (which answers
 * after BENCH_GRAPH_LATENCY_MS, default 50) — by 1 worker, then by 2 workers with pools of their own (as two server
 * instances would), then by 2 workers that run while the events are recorded (timed from the first event). Prints events per second and duplicates (events Meta received twice: must be 0). PostgreSQL
 * only (BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL; a fresh database is created and dropped).
 */
import { connect, type Sql } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { createJobWorker } from '../server/src/jobs/worker.ts';
import { encryptSecret } from '../server/src/lib/crypto.ts';
import { pixelDeliverJob } from '../server/src/engines/pixel-delivery/deliver-job.ts';
import { pixelDeliveryHandler } from '../server/src/engines/pixel-delivery/delivery.ts';
import { recordPixelEvent } from '../server/src/engines/pixel-delivery/outbox.ts';
import { createFakeGraph } from '../server/src/test-support/fake-graph.ts';
import { quietLogger } from '../server/src/test-support/jobs.ts';
import { listPixels } from '../server/src/modules/pixels/repository.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const PIXELS = 10;
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://canalize_ci:canalize_ci@127.0.0.1:5432/postgres';
const key = crypto.getRandomValues(new Uint8Array(32));
const graph = createFakeGraph();
graph.latencyMs = Number(process.env.BENCH_GRAPH_LATENCY_MS ?? 50);

/** `live`: the workers already run while the events are recorded (joins arriving during delivery), timed end to end. */
async function round(label: string, sql: Sql, url: string, workers: number, live = false) {
  await sql`delete from pixel_events`;
  await sql`delete from jobs`;
  await sql`delete from meta_pixels`;
  graph.requests.length = 0;
  const [user] = await sql<{ id: string }[]>`insert into users (name, email, password_hash) values ('Bench', ${`${crypto.randomUUID()}@bench.local`}, 'x') returning id`;
  const userId = user?.id ?? '';
  const pixels = await sql<{ id: string }[]>`
    insert into meta_pixels (user_id, name, pixel_id, token_encrypted, token_preview)
    select ${userId}, 'Pixel ' || n, (100000000000 + n)::text, ${encryptSecret('EAAB-bench-token-0123456789', key)}, 'EAAB••••••6789'
    from generate_series(1, ${PIXELS}) as n returning id`;
  const pools = Array.from({ length: workers }, () => connect(url, 4));
  const running = pools.map((pool) => {
    const worker = createJobWorker({ sql: pool, logger: quietLogger(), pollMs: 50 });
    worker.register(pixelDeliverJob, pixelDeliveryHandler({ sql: pool, logger: quietLogger(), encryptionKey: key, graphUrl: graph.url, graphVersion: 'v21.0' }));
    return worker;
  });
  if (live) for (const worker of running) worker.start();
  // Recorded as joins would be: one short transaction per 100 events.
  const recordStarted = performance.now();
  for (let start = 0; start < EVENTS; start += 100) {
    await sql.begin(async (tx) => {
      for (let n = start; n < Math.min(EVENTS, start + 100); n++) {
        const pixel = pixels[n % PIXELS];
        await recordPixelEvent(tx, { userId, pixelId: pixel?.id ?? '', eventName: 'enter_channel', eventId: `e${n}`, eventTime: new Date(), actionSource: 'chat', telegramUserId: String(n) });
      }
    });
  }
  const recordRate = EVENTS / ((performance.now() - recordStarted) / 1000);
  const started = live ? recordStarted : performance.now();
  if (!live) for (const worker of running) worker.start();
  for (;;) {
    const [row] = await sql<{ left: number }[]>`select count(*)::int as left from pixel_events where status <> 'sent'`;
    if (row?.left === 0) break;
    await Bun.sleep(10);
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(running.map((worker) => worker.stop()));
  await Promise.all(pools.map((pool) => pool.end({ timeout: 5 })));
  const received = graph.events().map((event) => `${String(event.event_id)}`);
  const duplicates = received.length - new Set(received).size;
  const largest = Math.max(...graph.requests.map((request) => request.data.length));
  console.log(
    `pixel-outbox: ${label}: ${EVENTS} eventos entregues em ${seconds.toFixed(2)} s = ${(EVENTS / seconds).toFixed(0)} eventos/s, ` +
      `${graph.requests.length} requisições (maior lote ${largest}), ${duplicates} duplicados; gravação ${recordRate.toFixed(0)} eventos/s`,
  );
  if (duplicates !== 0 || received.length !== EVENTS) throw new Error(`esperados ${EVENTS} eventos sem duplicados, recebidos ${received.length} (${duplicates} duplicados)`);
}

/**
 * GET /pixels for an account whose pixels have a long history (LIST_HISTORY sent events on one pixel, 1 000 still
 * waiting): the delivery state comes from counters on the pixel and the unsent index, so it must not grow with it.
 */
const LIST_HISTORY = Number(process.env.BENCH_PIXEL_HISTORY ?? 500_000);
async function listRound(sql: Sql) {
  const [user] = await sql<{ id: string }[]>`select user_id as id from meta_pixels limit 1`;
  const [pixel] = await sql<{ id: string }[]>`select id from meta_pixels limit 1`;
  if (!user || !pixel) return;
  await sql`
    insert into pixel_events (user_id, pixel_id, event_name, event_id, event_time, payload, status, sent_at)
    select ${user.id}, ${pixel.id}, 'enter_channel', 'h' || n, now(), '{}'::jsonb, case when n <= 1000 then 'pending' else 'sent' end, now()
    from generate_series(1, ${LIST_HISTORY}) as n`;
  await sql`analyze pixel_events`;
  const times: number[] = [];
  for (let i = 0; i < 40; i++) {
    const started = performance.now();
    await listPixels(sql, user.id);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p95 = times[Math.ceil(times.length * 0.95) - 1] ?? 0;
  console.log(`pixel-outbox: GET /pixels (lista com estado de entrega), ${PIXELS} pixels, ${LIST_HISTORY} eventos enviados e 1000 pendentes num deles: p50 ${(times[20] ?? 0).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
}

const admin = connect(pgUrl, 1);
const reachable = await admin`select 1`.then(() => true, () => false);
if (reachable) {
  const name = `canalize_bench_pixels_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const sql = connect(url.toString(), 2);
  try {
    await migrate(sql);
    console.log(`pixel-outbox: Graph falso responde em ${graph.latencyMs} ms; ${PIXELS} pixels`);
    await round('PostgreSQL, 1 worker', sql, url.toString(), 1);
    await round('PostgreSQL, 2 workers (pools próprios)', sql, url.toString(), 2);
    await round('PostgreSQL, 2 workers enviando enquanto os eventos chegam (do 1º evento ao último enviado)', sql, url.toString(), 2, true);
    await listRound(sql);
  } finally {
    await sql.end({ timeout: 5 });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
  }
} else {
  console.log('pixel-outbox: PostgreSQL não disponível (defina BENCH_DATABASE_URL) — medição pulada');
}
await admin.end({ timeout: 1 });
await graph.stop();
