import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createLogger } from '../lib/logger.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { connect } from './client.ts';
import { createNotifier, NOTIFY_CHANNEL, type ChangeEvent } from './notify.ts';

let db: TestDatabase;
const logger = createLogger('error', () => {});

beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(() => db.close());

/** Resolves with the first event on a topic; the test fails by timeout if none arrives. */
const nextEvent = (subscribe: (handler: (event: ChangeEvent) => void) => void) =>
  new Promise<ChangeEvent>((resolve) => subscribe(resolve));

describe('notifier', () => {
  test('delivers an event to in-process subscribers exactly once', async () => {
    const notifier = await createNotifier(db, logger);
    const seen: ChangeEvent[] = [];
    const unsubscribe = notifier.subscribe('bots.changed', (event) => seen.push(event));
    notifier.subscribe('other', () => seen.push({ topic: 'wrong', payload: {} }));
    await notifier.publish('bots.changed', { botId: 'b1' });
    unsubscribe();
    await notifier.publish('bots.changed', { botId: 'b2' });
    expect(seen).toEqual([{ topic: 'bots.changed', payload: { botId: 'b1' } }]);
    await notifier.close();
  });

  test('a failing subscriber does not stop the others', async () => {
    const notifier = await createNotifier(db, logger);
    const seen: string[] = [];
    notifier.subscribe('t', () => {
      throw new Error('boom');
    });
    notifier.subscribe('t', () => seen.push('ok'));
    await notifier.publish('t');
    expect(seen).toEqual(['ok']);
    await notifier.close();
  });

  // A second process is simulated by a second notifier on its own connection pool.
  test.if(Boolean(process.env.DATABASE_URL))('on a real PostgreSQL, reaches another process through LISTEN/NOTIFY', async () => {
    const otherSql = connect(db.databaseUrl ?? '', 2);
    const other = await createNotifier({ sql: otherSql, mode: 'postgres', close: () => otherSql.end() }, logger);
    const mine = await createNotifier(db, logger);
    const heard = nextEvent((handler) => other.subscribe('chat.message', handler));
    await mine.publish('chat.message', { id: 'm1' });
    expect(await heard).toEqual({ topic: 'chat.message', payload: { id: 'm1' } });
    await mine.close();
    await other.close();
    await otherSql.end();
  });

  // Coalesced NOTIFYs (docs/decisions.md#scale-out): a burst leaves in a few NOTIFYs, split below the 8 000-byte
  // payload limit, and every event of it reaches the other process; identical ones once per NOTIFY.
  test.if(Boolean(process.env.DATABASE_URL))('a burst of events reaches another process whole, in few NOTIFYs', async () => {
    const otherSql = connect(db.databaseUrl ?? '', 2);
    const other = await createNotifier({ sql: otherSql, mode: 'postgres', close: () => otherSql.end() }, logger);
    const mine = await createNotifier(db, logger);
    const heard: string[] = [];
    other.subscribe('burst', (event) => heard.push(String(event.payload.id)));
    const texts: string[] = [];
    const probe = connect(db.databaseUrl ?? '', 1);
    await probe.listen(NOTIFY_CHANNEL, (text) => texts.push(text));
    const ids = Array.from({ length: 500 }, (_, index) => `${index}-${'x'.repeat(100)}`);
    await Promise.all([...ids, ...ids.slice(0, 10)].map((id) => mine.publish('burst', { id })));
    const deadline = Date.now() + 5_000;
    while (heard.length < ids.length && Date.now() < deadline) await Bun.sleep(20);
    expect(heard.sort()).toEqual([...ids].sort());
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.length).toBeLessThan(20);
    expect(Math.max(...texts.map((text) => Buffer.byteLength(text)))).toBeLessThan(8_000);
    // An event PostgreSQL cannot carry is refused to its publisher, and the others still go.
    const refused = mine.publish('burst', { id: 'y'.repeat(9_000) });
    const fine = mine.publish('burst', { id: 'after' });
    expect(await refused.then(() => 'sent', () => 'refused')).toBe('refused');
    await fine;
    while (!heard.includes('after') && Date.now() < deadline + 5_000) await Bun.sleep(20);
    expect(heard).toContain('after');
    await probe.end();
    await mine.close();
    await other.close();
    await otherSql.end();
  });

  test.if(Boolean(process.env.DATABASE_URL))('hears the single form the database triggers send', async () => {
    const mine = await createNotifier(db, logger);
    const heard = nextEvent((handler) => mine.subscribe('polling.changed', handler));
    await db.sql`select pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify({ origin: 'db', topic: 'polling.changed', payload: { botId: 'b9' } })})`;
    expect(await heard).toEqual({ topic: 'polling.changed', payload: { botId: 'b9' } });
    await mine.close();
  });
});
