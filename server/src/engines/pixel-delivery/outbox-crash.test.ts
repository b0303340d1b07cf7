/**
 * The outbox across processes (docs/decisions.md#pixel-outbox), PostgreSQL only (the embedded database lives and
 * dies inside one process): two worker processes draining the same pixels send each event exactly once, and a
 * worker SIGKILLed in the middle of a send leaves a batch that the next worker sends, after the lease, with the
 * same event ids (the one batch Meta may receive twice and deduplicates).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import path from 'node:path';
import { migrate } from '../../db/migrate.ts';
import { encryptSecret } from '../../lib/crypto.ts';
import { createFakeGraph, type FakeGraph } from '../../test-support/fake-graph.ts';
import { eventually } from '../../test-support/telegram.ts';
import { createTestDatabase, realPostgresUrl, type TestDatabase } from '../../test-support/test-database.ts';
import { recordPixelEvent } from './outbox.ts';

const onPostgres = Boolean(realPostgresUrl());
const KEY = crypto.getRandomValues(new Uint8Array(32));
const KEY_HEX = Buffer.from(KEY).toString('hex');
const TOKEN = `EAAD${'m3'.repeat(22)}Qx7r`;

type Worker = { sent: () => number; kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> };

describe.skipIf(!onPostgres)('pixel outbox with two processes and across a kill -9 (PostgreSQL only)', () => {
  let db: TestDatabase;
  let graph: FakeGraph;
  let userId = '';
  let metaPixelSeq = 200000000000;
  const workers: Worker[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    await migrate(db.sql);
    graph = createFakeGraph();
    const [user] = await db.sql<{ id: string }[]>`insert into users (name, email, password_hash) values ('Dona', ${`${crypto.randomUUID()}@exemplo.com`}, 'x') returning id`;
    userId = user?.id ?? '';
  }, 30_000);
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.kill('SIGKILL')));
    await graph.stop();
    await db.close();
  });

  async function newPixel() {
    metaPixelSeq += 1;
    const metaId = String(metaPixelSeq);
    const [row] = await db.sql<{ id: string }[]>`
      insert into meta_pixels (user_id, name, pixel_id, token_encrypted, token_preview)
      values (${userId}, 'Pixel', ${metaId}, ${encryptSecret(TOKEN, KEY)}, 'EAAD••••••Qx7r') returning id`;
    return { id: row?.id ?? '', metaId };
  }

  async function spawnWorker(leaseMs: number, batchSize: number): Promise<Worker> {
    const script = path.join(import.meta.dir, '../../test-support/pixel-worker-process.ts');
    const child = Bun.spawn(['bun', script, db.databaseUrl ?? '', graph.url, KEY_HEX, String(leaseMs), String(batchSize)], { stdout: 'pipe', stderr: 'inherit' });
    let sent = 0;
    let ready: () => void = () => {};
    const started = new Promise<void>((resolve) => (ready = resolve));
    void (async () => {
      const decoder = new TextDecoder();
      let buffered = '';
      for await (const chunk of child.stdout) {
        buffered += decoder.decode(chunk);
        let newline;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          if (line === 'ready') ready();
          if (line.startsWith('sent ')) sent += Number(line.slice(5));
        }
      }
    })();
    await started;
    const worker: Worker = {
      sent: () => sent,
      async kill(signal) {
        child.kill(signal);
        await child.exited;
      },
    };
    workers.push(worker);
    return worker;
  }

  const statuses = async (pixelIds: string[]) => {
    const rows = await db.sql<{ status: string; n: number }[]>`
      select status, count(*)::int as n from pixel_events where pixel_id = any(${pixelIds}::uuid[]) group by status`;
    return Object.fromEntries(rows.map((row) => [row.status, row.n]));
  };

  test('two worker processes draining 6 pixels (3 000 events, batches of 40): every event sent exactly once', async () => {
    graph.latencyMs = 5;
    const [one, two] = [await spawnWorker(5000, 40), await spawnWorker(5000, 40)];
    try {
      await drainWithTwo(one, two);
    } finally {
      await Promise.all([one.kill('SIGTERM'), two.kill('SIGTERM')]);
      graph.latencyMs = 0;
    }
  }, 90_000);

  async function drainWithTwo(one: Worker, two: Worker) {
    const pixels = await Promise.all(Array.from({ length: 6 }, () => newPixel()));
    // Joins keep arriving while both drain: many delivery generations, many jobs per pixel, claims that overlap.
    for (let round = 0; round < 50; round++) {
      await db.sql.begin(async (tx) => {
        for (const pixel of pixels) {
          for (let n = 0; n < 10; n++) {
            await recordPixelEvent(tx, { userId, pixelId: pixel.id, eventName: 'enter_channel', eventId: `r${round}-n${n}`, eventTime: new Date(), actionSource: 'chat', telegramUserId: String(round * 100 + n) });
          }
        }
      });
    }
    await eventually('3 000 sent', async () => (await statuses(pixels.map((pixel) => pixel.id))).sent === 3000, 60_000);
    const accepted = pixels.flatMap((pixel) => graph.events(pixel.metaId).map((event) => `${pixel.metaId}/${String(event.event_id)}`));
    expect(accepted).toHaveLength(3000);
    expect(new Set(accepted).size).toBe(3000);
    expect(await statuses(pixels.map((pixel) => pixel.id))).toEqual({ sent: 3000 });
    // A worker prints its "sent" line after its commit: the database can be ahead of the pipe under load.
    await eventually('both processes reported their sends', () => one.sent() + two.sent() >= 3000, 10_000);
    console.log(`two processes: ${one.sent()} + ${two.sent()} events, 0 twice`);
    expect(one.sent() + two.sent()).toBe(3000);
    // Both really sent (else this proved nothing about two claimers).
    expect(Math.min(one.sent(), two.sent())).toBeGreaterThan(0);
  }

  test('SIGKILL during a send: after the lease a new worker sends that batch again, same event ids, and nothing else twice', async () => {
    const pixel = await newPixel();
    const first = await spawnWorker(2000, 1000);
    graph.hangNext(1);
    const eventIds = Array.from({ length: 5 }, (_, n) => `join-${n}-${crypto.randomUUID()}`);
    await db.sql.begin(async (tx) => {
      for (const [n, eventId] of eventIds.entries()) {
        await recordPixelEvent(tx, { userId, pixelId: pixel.id, eventName: 'enter_channel', eventId, eventTime: new Date(), actionSource: 'chat', telegramUserId: String(9000 + n) });
      }
    });
    await eventually('the send in flight', () => graph.requests.some((request) => request.pixelId === pixel.metaId), 10_000);
    await first.kill('SIGKILL');
    expect(await statuses([pixel.id])).toEqual({ sending: 5 });

    const second = await spawnWorker(2000, 1000);
    await eventually('sent after the restart', async () => (await statuses([pixel.id])).sent === 5, 30_000);
    const requests = graph.requests.filter((request) => request.pixelId === pixel.metaId);
    const ids = (index: number) => requests[index]?.data.map((event) => String(event.event_id)).sort();
    expect(requests.map((request) => request.status)).toEqual([0, 200]);
    expect(ids(0)).toEqual([...eventIds].sort());
    expect(ids(1)).toEqual([...eventIds].sort());
    await eventually('the second worker reported its send', () => second.sent() >= 5, 10_000);
    expect(second.sent()).toBe(5);
    console.log(`kill -9 mid-send: the in-flight batch of 5 re-sent once after the lease with the same event ids`);
  }, 60_000);
});
