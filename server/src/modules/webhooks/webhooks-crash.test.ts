/**
 * Nothing lost across kill -9 (docs/decisions.md#outgoing-webhooks), PostgreSQL only (the embedded database lives
 * and dies inside one process): events are written with their deliveries in their own transactions; a delivery
 * worker SIGKILLed mid-drain is replaced by its next run, which sends every event, the one in flight at the kill at
 * most twice, and keeps the subscription's order.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import path from 'node:path';
import { migrate } from '../../db/migrate.ts';
import { inTransaction } from '../../db/transaction.ts';
import { encryptSecret } from '../../lib/crypto.ts';
import { createLogger } from '../../lib/logger.ts';
import { eventually } from '../../test-support/telegram.ts';
import { createTestDatabase, realPostgresUrl, type TestDatabase } from '../../test-support/test-database.ts';
import { webhookReceiver } from '../../test-support/webhook-receiver.ts';
import { webhookEventWriter } from './outbox.ts';

const onPostgres = Boolean(realPostgresUrl());
const KEY = crypto.getRandomValues(new Uint8Array(32));
const KEY_HEX = Buffer.from(KEY).toString('hex');
const INSTANCE = `webhooks-crash-${crypto.randomUUID().slice(0, 8)}`;

describe.skipIf(!onPostgres)('webhook deliveries across a kill -9 (PostgreSQL only)', () => {
  let db: TestDatabase;
  const receiver = webhookReceiver();
  const children: Array<ReturnType<typeof Bun.spawn>> = [];
  let userId = '';

  beforeAll(async () => {
    db = await createTestDatabase();
    await migrate(db.sql);
    const [user] = await db.sql<{ id: string }[]>`insert into users (name, email, password_hash) values ('Dona', ${`${crypto.randomUUID()}@exemplo.com`}, 'x') returning id`;
    userId = user?.id ?? '';
    await db.sql`insert into webhook_subscriptions (user_id, url, events, secret_encrypted)
      values (${userId}, ${receiver.url('/devagar')}, ${['contact.created']}, ${encryptSecret('whsec_crash', KEY)})`;
  }, 30_000);
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await receiver.stop();
    await db.close();
  });

  const write = webhookEventWriter(createLogger('error', () => {}));
  const emitted: string[] = [];
  async function emit(count: number) {
    for (let index = 0; index < count; index += 1) {
      const id = crypto.randomUUID();
      emitted.push(id);
      const contact = { id, botId: id, telegramId: String(index), firstName: `Contato ${emitted.length}`, lastName: null, username: null, phoneNumber: null };
      await inTransaction(db.sql, (tx) => write(tx, [{ workspaceId: userId, type: 'contact.created', data: { contact } }]));
    }
  }

  async function spawnWorker() {
    const script = path.join(import.meta.dir, '../../test-support/webhook-worker-process.ts');
    const child = Bun.spawn(['bun', script, db.databaseUrl ?? '', KEY_HEX, INSTANCE], { stdout: 'pipe', stderr: 'inherit' });
    children.push(child);
    const reader = child.stdout.getReader();
    let text = '';
    while (!text.includes('ready')) text += new TextDecoder().decode((await reader.read()).value);
    return child;
  }

  const contactIdOf = (body: string) => String(Reflect.get(Reflect.get(Reflect.get(Object(JSON.parse(body)), 'data'), 'contact'), 'id'));

  test('every event arrives, in order, after the worker is killed mid-drain and runs again', async () => {
    await emit(40);
    const first = await spawnWorker();
    await eventually('a part of the deliveries', () => receiver.received.length >= 10);
    first.kill('SIGKILL');
    await first.exited;
    await emit(20);
    await spawnWorker();
    await eventually('every event', () => new Set(receiver.received.map((entry) => contactIdOf(entry.body))).size === emitted.length, 30_000);

    const arrivals = receiver.received.map((entry) => contactIdOf(entry.body));
    const firstArrivals = arrivals.filter((id, index) => arrivals.indexOf(id) === index);
    expect(firstArrivals).toEqual(emitted);
    // Only the delivery in flight at the kill may arrive twice.
    expect(arrivals.length - firstArrivals.length).toBeLessThanOrEqual(1);
    expect(receiver.received.every((entry) => receiver.signedBy(entry, 'whsec_crash'))).toBe(true);
    // The last answer may be in before its outcome is written.
    await eventually('every delivery recorded as delivered', async () => {
      const [counts] = await db.sql<{ delivered: number; total: number }[]>`
        select count(*) filter (where status = 'delivered')::int as delivered, count(*)::int as total from webhook_deliveries where user_id = ${userId}`;
      return counts?.delivered === 60 && counts.total === 60;
    });
  }, 60_000);
});
