import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createLogger } from '../lib/logger.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { connect } from './client.ts';
import { createNotifier, type ChangeEvent } from './notify.ts';

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
});
