/**
 * The lookups every purchase webhook makes (the delivery's idempotency key, the access a charge renews or a refund
 * ends) and every claim makes (the access of a claim code) must find their row by its key whatever PostgreSQL's
 * statistics say. postgres.js prepares each statement
 * and PostgreSQL may cache a generic plan built while a table was new and empty; a plan that reads "every row of the
 * plan, filtered" then stays for the connection's life and each purchase reads all the plan's accesses and
 * deliveries (the bimodal webhook benchmark of bench/RESULTS.md#access-webhooks). So: on a fresh, never analyzed
 * database, the generic plan of each statement the repositories really send reaches these tables only through an
 * index condition on a key column.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { migrate } from '../../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { findByPurchase, lockByClaimCode } from './member-repository.ts';
import { findByKey } from './webhooks/repository.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await migrate(db.sql);
}, 20_000);
afterAll(() => db.close());

type Statement = { text: string; parameters: unknown[] };

/** The statements `run` sends, as PostgreSQL receives them (postgres.js's debug hook). */
async function sent(run: () => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const options = db.sql.options as { debug?: unknown };
  options.debug = (_connection: number, text: string, parameters: unknown[]) => statements.push({ text, parameters });
  try {
    await run();
  } finally {
    options.debug = false;
  }
  return statements;
}

const literal = (value: unknown) => (value === null || value === undefined ? 'null' : `'${String(value).replaceAll("'", "''")}'`);

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Index Cond'?: string; Plans?: PlanNode[] };

/** The generic plan PostgreSQL would cache for the statement (the one a prepared statement keeps after 5 runs). */
async function genericPlan(statement: Statement): Promise<PlanNode> {
  return db.sql.begin(async (tx) => {
    await tx.unsafe('set local plan_cache_mode = force_generic_plan');
    await tx.unsafe(`prepare probe as ${statement.text}`);
    const [row] = await tx.unsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
      `explain (format json) execute probe(${statement.parameters.map(literal).join(', ')})`);
    await tx.unsafe('deallocate probe');
    const plan = row?.['QUERY PLAN'];
    return (typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan;
  });
}

const KEYED_TABLES = ['access_members', 'access_webhook_events'];
const KEY_COLUMN = /\b(id|transaction_id|subscription_id|lower\(email\)|claim_code|used_claim_code)\s*=/;

/** Every read of the keyed tables: how it reaches them ("Index Scan on x by (cond)"), to spot one that is not by a key. */
function reads(node: PlanNode): string[] {
  const own = node['Relation Name'] && KEYED_TABLES.includes(node['Relation Name'])
    ? [`${node['Node Type']} ${node['Index Name'] ?? ''} ${node['Index Cond'] ?? ''}`]
    : [];
  return [...own, ...(node.Plans ?? []).flatMap(reads)];
}

async function unkeyedReads(run: () => Promise<unknown>) {
  const statements = await sent(run);
  expect(statements.length).toBeGreaterThan(0);
  const all = (await Promise.all(statements.map(genericPlan))).flatMap(reads);
  expect(all.length).toBeGreaterThan(0);
  return all.filter((read) => !KEY_COLUMN.test(read));
}

const PLAN = crypto.randomUUID();

describe('paid access lookups on a new database', () => {
  test('the access of a new charge (transaction or e-mail) is found by its key, not among every access of the plan', async () => {
    expect(await unkeyedReads(() => findByPurchase(db.sql, PLAN, { transactionId: 'pix-1', email: 'comprador@exemplo.com' }))).toEqual([]);
  });

  test('the access a refund or renewal names (subscription or transaction) is found by its key', async () => {
    expect(await unkeyedReads(() => findByPurchase(db.sql, PLAN, { transactionId: 'pix-1', subscriptionId: 'sub-1' }))).toEqual([]);
  });

  test("a delivery's idempotency key is found by the whole key, not among every delivery of the plan", async () => {
    expect(await unkeyedReads(() => findByKey(db.sql, { planId: PLAN, gateway: 'generic', transactionId: 'pix-1', kind: 'approved' }))).toEqual([]);
  });

  test('the access of a claim code, fresh or spent, is found by the code, not among every access of the bot', async () => {
    expect(await unkeyedReads(() => lockByClaimCode(db.sql, crypto.randomUUID(), 'codigo-1'))).toEqual([]);
  });
});
