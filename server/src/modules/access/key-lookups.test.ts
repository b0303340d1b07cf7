/**
 * The lookups every purchase webhook makes (the delivery's idempotency key, the access a charge renews or a refund
 * ends) and every claim makes (the access of a claim code) must find their row by its key whatever PostgreSQL's
 * statistics say. postgres.js prepares each statement and PostgreSQL may cache a generic plan built while a table
 * was new and empty; a plan that reads "every row of the plan, filtered" then stays for the connection's life and
 * each purchase reads all the plan's accesses and deliveries (the bimodal webhook benchmark of
 * bench/RESULTS.md#access-webhooks). So: on a fresh, never analyzed database, the generic plan of each statement the
 * repositories really send (test-support/generic-plans.ts) reaches these tables only through an index condition on
 * a key column.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { migrate } from '../../db/migrate.ts';
import { genericPlanReads } from '../../test-support/generic-plans.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { findByPurchase, lockByClaimCode } from './member-repository.ts';
import { findByKey } from './webhooks/repository.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await migrate(db.sql);
}, 20_000);
afterAll(() => db.close());

const KEYED_TABLES = ['access_members', 'access_webhook_events'];
const KEY_COLUMN = /\b(id|transaction_id|subscription_id|lower\(email\)|claim_code|used_claim_code)\s*=/;

async function unkeyedReads(run: () => Promise<unknown>) {
  const { statements, reads } = await genericPlanReads(db.sql, KEYED_TABLES, run);
  expect(statements).toBeGreaterThan(0);
  expect(reads.length).toBeGreaterThan(0);
  return reads.filter((read) => !KEY_COLUMN.test(read));
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
