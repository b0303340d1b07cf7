import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { migrate } from '../../../db/migrate.ts';
import { createLogger } from '../../../lib/logger.ts';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database.ts';
import { rejectionCounter } from './rejection-counter.ts';

let db: TestDatabase;
let planIds: string[] = [];
beforeAll(async () => {
  db = await createTestDatabase();
  await migrate(db.sql);
  const [user] = await db.sql<{ id: string }[]>`insert into users (name, email, password_hash) values ('Dono', ${`dono-${crypto.randomUUID()}@exemplo.com`}, 'x') returning id`;
  const [bot] = await db.sql<{ id: string }[]>`
    insert into bots (user_id, telegram_id, name, username, token_encrypted, token_hash)
    values (${user?.id ?? ''}, 778, 'Bot', 'bot_rejeicoes', 'x', ${crypto.randomUUID()}) returning id`;
  planIds = (await db.sql<{ id: string }[]>`
    insert into access_plans (id, user_id, bot_id, name, duration_days, webhook_secret_encrypted)
    select gen_random_uuid(), ${user?.id ?? ''}, ${bot?.id ?? ''}, 'Plano ' || n, 30, 'x' from generate_series(1, 2) as n returning id`).map((row) => row.id);
}, 20_000);
afterAll(() => db.close());

const counters = async () =>
  (await db.sql<{ n: number; at: Date | null }[]>`select rejected_webhooks as n, last_rejected_at as at from access_plans where id = any(${planIds}::uuid[]) order by name`)
    .map((row) => [row.n, row.at !== null]);

describe('refused webhook counter', () => {
  test('a burst of refusals is one write per interval for every plan refused meanwhile, and nothing is lost', async () => {
    const statements: string[] = [];
    const logger = createLogger('error', () => {});
    // The pool, watched: every statement the counter sends goes through it.
    const watched = new Proxy(db.sql, {
      apply: (target, self, args: Parameters<typeof db.sql>) => {
        statements.push(String(args[0]));
        return Reflect.apply(target, self, args);
      },
    });
    const counter = rejectionCounter(watched, logger, 200);
    for (let i = 0; i < 500; i += 1) counter.add(planIds[i % 5 === 0 ? 1 : 0] ?? '');
    expect(await counters()).toEqual([[0, false], [0, false]]);
    await Bun.sleep(400);
    expect(await counters()).toEqual([[400, true], [100, true]]);
    expect(statements).toHaveLength(1);
    counter.add(planIds[0] ?? '');
    await counter.flush();
    expect(await counters()).toEqual([[401, true], [100, true]]);
    expect(statements).toHaveLength(2);
  });
});
