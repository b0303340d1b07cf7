/**
 * The audience job (materialise.ts, docs/decisions.md#broadcast-delivery) on the real database, with job workers of
 * the test's own (the server that made the fixtures is stopped, so only these claim the jobs): sending answers
 * with the exact total before a single recipient is written; a run that dies between batches and a job run twice
 * both end with every member of the audience exactly once; the engine sends while the rest is being written and
 * does not end the broadcast before the last batch.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Sql } from '../../db/client.ts';
import { createJobWorker } from '../../jobs/worker.ts';
import { createLogger } from '../../lib/logger.ts';
import { idleRuntime, type BotRuntime } from '../../ports/bot-runtime.ts';
import { insertBot, registerUser } from '../../test-support/fixtures.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer } from '../../test-support/start-test-server.ts';
import { eventually } from '../../test-support/telegram.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { createBroadcastEngine } from '../../engines/broadcast-delivery/engine.ts';
import { broadcastMaterialiseJob, materialiseHandler } from './materialise.ts';
import * as broadcasts from './service.ts';

const HUMANS = 2_400;
const BLOCKED = 60;
let db: TestDatabase;
let userId = '';
let botId = '';
const logger = createLogger('error', () => {});

beforeAll(async () => {
  db = await createTestDatabase();
  const server = await startTestServer({ database: db });
  userId = (await registerUser(server)).user.id;
  botId = await insertBot(server, userId);
  await server.stop();
  await db.sql`insert into contacts (bot_id, telegram_id, first_name, blocked_at)
    select ${botId}, 600000000 + n * 7, 'Pessoa ' || n, case when n % 40 = 0 then now() end from generate_series(1, ${HUMANS}) as n`;
  // Not in any audience: other bots, and group chats (negative ids).
  await db.sql`insert into contacts (bot_id, telegram_id, first_name, is_bot) select ${botId}, 500000000 + n, 'Robô ' || n, true from generate_series(1, 30) as n`;
  await db.sql`insert into contacts (bot_id, telegram_id, first_name) select ${botId}, -100000 - n, 'Grupo ' || n from generate_series(1, 10) as n`;
}, SERVER_START_TIMEOUT_MS);
afterAll(() => db.close());

const deps = () => ({ sql: db.sql });

async function draft(name: string) {
  return broadcasts.createBroadcast(deps(), userId, { name, botId, message: 'Olá', mediaUrl: undefined, caption: undefined, scheduledFor: undefined, buttons: [], targetType: 'ALL', contactIds: [], labelId: null });
}

async function rows(id: string) {
  const [row] = await db.sql<{ n: number; distinctChats: number; skipped: number; missing: number }[]>`
    select count(*)::int as n, count(distinct telegram_id)::int as "distinctChats",
      count(*) filter (where status = 'skipped')::int as skipped,
      (select count(*)::int from contacts c where c.bot_id = ${botId} and not c.is_bot and c.telegram_id > 0
        and not exists (select 1 from broadcast_recipients r where r.broadcast_id = ${id} and r.telegram_id = c.telegram_id)) as missing
    from broadcast_recipients where broadcast_id = ${id}`;
  return row;
}

const materialising = async (id: string) => (await db.sql<{ m: boolean }[]>`select materialising as m from broadcasts where id = ${id}`)[0]?.m;

/** Fails every materialise batch after the first `okBatches` `times` times, as a process dying mid-way would. */
function dyingAfter(okBatches: number, times: number): { sql: Sql; died: () => number } {
  let batches = 0;
  let died = 0;
  const sql = ((strings: TemplateStringsArray, ...values: unknown[]) => {
    if (strings.join('?').includes('insert into broadcast_recipients')) {
      batches += 1;
      if (batches > okBatches && died < times) {
        died += 1;
        return Promise.reject(new Error('processo encerrado no meio da escrita'));
      }
    }
    return (db.sql as unknown as (s: TemplateStringsArray, ...v: unknown[]) => unknown)(strings, ...values);
  }) as unknown as Sql;
  return { sql, died: () => died };
}

test('POST /send answers with the exact total before writing anyone; a run that dies mid-way resumes: everyone once, the engine sends meanwhile', async () => {
  const broadcast = await draft('Em segundo plano');
  const sending = await broadcasts.sendBroadcast(deps(), userId, broadcast.id);
  expect(sending.status).toBe('SENDING');
  expect(sending.statistics).toEqual({ total: HUMANS, sent: 0, failed: 0, skipped: 0, pending: HUMANS });
  expect((await rows(broadcast.id))?.n).toBe(0);
  const queued = await db.sql`select 1 from jobs where kind = ${broadcastMaterialiseJob.kind} and status = 'queued' and payload->>'broadcastId' = ${broadcast.id}`;
  expect(queued).toHaveLength(1);

  await db.sql`update bots set broadcast_rate = 1000 where id = ${botId}`;
  const sent = new Map<number, number>();
  let sentWhileWriting = 0;
  const runtime: BotRuntime = {
    ...idleRuntime,
    isRunning: () => true,
    sendBroadcast: async (_bot, message) => {
      sent.set(message.chatId, (sent.get(message.chatId) ?? 0) + 1);
      return { ok: true, messageId: 1, fileId: undefined };
    },
  };
  const engine = createBroadcastEngine({ sql: db.sql, logger, runtime, pollMs: 50 });
  const dying = dyingAfter(2, 1);
  // The retry waits 4 s: long enough for the engine's first, full rate window (~1 s after it starts) to end and send
  // while the audience is still half written, on a slow machine too (1.5 s raced it).
  const worker = createJobWorker({ sql: db.sql, logger, pollMs: 20, backoff: { baseMs: 4000, maxMs: 4000 } });
  worker.register(broadcastMaterialiseJob, materialiseHandler({ sql: dying.sql, batchSize: 250, sliceMs: 60_000 }));
  engine.start();
  worker.start();
  try {
    await eventually('the run to die', async () => dying.died() === 1);
    // Between the death and the retry (≥ 2 s with the backoff's jitter): two batches written, the engine sending them, the total still whole.
    const midway = await rows(broadcast.id);
    expect(midway?.n).toBe(500);
    const progress = await broadcasts.broadcastProgress(deps(), userId, broadcast.id);
    expect(progress.total).toBe(HUMANS);
    expect(progress.pending).toBe(HUMANS - progress.sent - progress.failed);
    expect(progress.status).toBe('SENDING');
    await eventually('sends while the audience is written', async () => {
      sentWhileWriting = sent.size;
      return sent.size > 0 && (await materialising(broadcast.id)) === true;
    });
    await eventually('COMPLETED', async () => (await broadcasts.getBroadcast(deps(), userId, broadcast.id)).status === 'COMPLETED', 30_000);
  } finally {
    await worker.stop({ timeoutMs: 500 });
    await engine.stop();
  }
  expect(sentWhileWriting).toBeGreaterThan(0);
  expect(await rows(broadcast.id)).toEqual({ n: HUMANS, distinctChats: HUMANS, skipped: HUMANS / 40, missing: 0 });
  expect(await materialising(broadcast.id)).toBe(false);
  const done = await broadcasts.getBroadcast(deps(), userId, broadcast.id);
  expect(done.statistics).toEqual({ total: HUMANS, sent: HUMANS - BLOCKED, failed: BLOCKED, skipped: BLOCKED, pending: 0 });
  expect(sent.size).toBe(HUMANS - BLOCKED);
  expect([...sent.values()].every((n) => n === 1)).toBe(true);
}, 60_000);

test('the job run twice at once, and once more after it finished, writes each member of the audience once', async () => {
  const broadcast = await draft('Duas vezes');
  await broadcasts.sendBroadcast(deps(), userId, broadcast.id);
  const [job] = await db.sql<{ payload: { broadcastId: string; audienceAt: string } }[]>`
    select payload from jobs where kind = ${broadcastMaterialiseJob.kind} and payload->>'broadcastId' = ${broadcast.id}`;
  expect(job).toBeDefined();
  // A second copy, as a worker that took the job over after its lease ran out would be running it.
  await broadcastMaterialiseJob.enqueue(db.sql, job?.payload ?? { broadcastId: '', audienceAt: '' });
  // Small slices: each run writes a few batches and hands the rest to a fresh job.
  const workers = [0, 1].map(() => {
    const worker = createJobWorker({ sql: db.sql, logger, pollMs: 10 });
    worker.register(broadcastMaterialiseJob, materialiseHandler({ sql: db.sql, batchSize: 100, sliceMs: 1 }));
    return worker;
  });
  for (const worker of workers) worker.start();
  try {
    await eventually('both chains done', async () => {
      const [open] = await db.sql<{ n: number }[]>`
        select count(*)::int as n from jobs where kind = ${broadcastMaterialiseJob.kind} and status in ('queued', 'running') and payload->>'broadcastId' = ${broadcast.id}`;
      return open?.n === 0;
    }, 30_000);
    expect(await rows(broadcast.id)).toEqual({ n: HUMANS, distinctChats: HUMANS, skipped: HUMANS / 40, missing: 0 });
    expect(await materialising(broadcast.id)).toBe(false);
    const [chain] = await db.sql<{ n: number }[]>`select count(*)::int as n from jobs where kind = ${broadcastMaterialiseJob.kind} and payload->>'broadcastId' = ${broadcast.id}`;
    expect(chain?.n).toBeGreaterThan(2);

    await broadcastMaterialiseJob.enqueue(db.sql, job?.payload ?? { broadcastId: '', audienceAt: '' });
    await eventually('the late run', async () => {
      const [open] = await db.sql<{ n: number }[]>`
        select count(*)::int as n from jobs where kind = ${broadcastMaterialiseJob.kind} and status <> 'done' and payload->>'broadcastId' = ${broadcast.id}`;
      return open?.n === 0;
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.stop({ timeoutMs: 500 })));
  }
  expect(await rows(broadcast.id)).toEqual({ n: HUMANS, distinctChats: HUMANS, skipped: HUMANS / 40, missing: 0 });
  const view = await broadcasts.getBroadcast(deps(), userId, broadcast.id);
  expect(view.statistics.total).toBe(HUMANS);
}, 60_000);

test('a contact who arrives while the audience is written is not added to it (the total stays the one counted at send)', async () => {
  const broadcast = await draft('Instantâneo');
  const sending = await broadcasts.sendBroadcast(deps(), userId, broadcast.id);
  await db.sql`insert into contacts (bot_id, telegram_id, first_name) values (${botId}, 999999999, 'Recém-chegado')`;
  const worker = createJobWorker({ sql: db.sql, logger, pollMs: 10 });
  worker.register(broadcastMaterialiseJob, materialiseHandler({ sql: db.sql }));
  worker.start();
  try {
    await eventually('written', async () => (await materialising(broadcast.id)) === false);
  } finally {
    await worker.stop({ timeoutMs: 500 });
  }
  const view = await broadcasts.getBroadcast(deps(), userId, broadcast.id);
  expect(view.statistics.total).toBe(sending.statistics.total);
  await db.sql`delete from contacts where telegram_id = 999999999 and bot_id = ${botId}`;
}, 30_000);
