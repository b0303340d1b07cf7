/**
 * One account's flood of due jobs does not hold every worker slot: another account's delay runs on time, and the
 * flooding account never runs more than its share at once (docs/decisions.md#fair-jobs).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { countJob, prepareJobsDatabase, quietLogger, until } from '../test-support/jobs.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { createJobWorker } from './worker.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await prepareJobsDatabase(db.sql);
}, 20_000);
afterAll(() => db.close());

const FLOOD = 1_000;
const SEND_MS = 100;

describe('fair claiming across accounts', () => {
  test("a flooding account leaves another account's 1 s delay within 200 ms of its due time", async () => {
    const flooder = crypto.randomUUID();
    const other = crypto.randomUUID();
    const running = new Map<string, number>();
    let flooderPeak = 0;
    let otherStartedAt: number | undefined;
    const worker = createJobWorker({ sql: db.sql, logger: quietLogger(), concurrency: 4 });
    worker.register(countJob, {
      run: async (payload) => {
        const tenant = payload.n < 0 ? other : flooder;
        if (tenant === other) otherStartedAt = Date.now();
        running.set(tenant, (running.get(tenant) ?? 0) + 1);
        if (tenant === flooder) flooderPeak = Math.max(flooderPeak, running.get(tenant) ?? 0);
        await Bun.sleep(SEND_MS);
        running.set(tenant, (running.get(tenant) ?? 1) - 1);
      },
    });
    await countJob.enqueueMany(db.sql, Array.from({ length: FLOOD }, (_, n) => ({ payload: { n }, options: { tenant: flooder } })));
    worker.start();
    try {
      await Bun.sleep(1_000);
      const dueAt = Date.now() + 1_000;
      await countJob.enqueue(db.sql, { n: -1 }, { tenant: other, runAt: new Date(dueAt) });
      const startedAt = await until('the other account’s delay', async () => otherStartedAt, 10_000);
      expect(startedAt - dueAt).toBeLessThan(200);
      const [{ left } = { left: 0 }] = await db.sql<{ left: number }[]>`select count(*)::int as left from jobs where tenant = ${flooder} and status = 'queued'`;
      // The flood was still far from drained: the delay did not just wait for it.
      expect(left).toBeGreaterThan(FLOOD / 2);
      expect(flooderPeak).toBe(3);
    } finally {
      await worker.stop({ timeoutMs: 500 });
      await db.sql`delete from jobs`;
    }
  }, 30_000);

  test("an account's jobs running elsewhere (another worker, a killed instance's long leases) do not hold this worker back", async () => {
    const account = crypto.randomUUID();
    // A killed instance left five of the account's jobs running under 20-minute leases.
    await db.sql`
      insert into jobs (kind, payload, status, attempts, lease_token, lease_expires_at, lease_instance_id, tenant)
      select 'test.count', jsonb_build_object('n', n), 'running', 1, gen_random_uuid(), now() + interval '20 minutes', 'morta', ${account}::uuid
      from generate_series(1, 5) as n`;
    let ran = false;
    const worker = createJobWorker({ sql: db.sql, logger: quietLogger(), concurrency: 4, instanceId: 'viva' });
    worker.register(countJob, { run: async (payload) => void (ran ||= payload.n === 100) });
    await countJob.enqueue(db.sql, { n: 100 }, { tenant: account });
    worker.start();
    try {
      await until('the account’s new job', async () => ran || undefined, 5_000);
    } finally {
      await worker.stop({ timeoutMs: 500 });
      await db.sql`delete from jobs`;
    }
  });

  test("a bot's jobs belong to the bot's owner", async () => {
    const [user] = await db.sql<{ id: string }[]>`
      insert into users (name, email, password_hash) values ('Dona', ${`dona-${crypto.randomUUID()}@exemplo.com`}, 'x') returning id`;
    const [bot] = await db.sql<{ id: string }[]>`
      insert into bots (user_id, telegram_id, name, username, token_encrypted, token_hash)
      values (${user?.id ?? ''}, ${Date.now()}, 'Bot', 'meu_bot', 'x', ${crypto.randomUUID()}) returning id`;
    const id = await countJob.enqueue(db.sql, { n: 1 }, { scope: `bot:${bot?.id ?? ''}` });
    const [job] = await db.sql<{ tenant: string | null }[]>`select tenant from jobs where id = ${id ?? ''}`;
    expect(job?.tenant).toBe(user?.id ?? 'missing');
    await db.sql`delete from jobs`;
  });
});
