/**
 * Signed-out sessions lose their live streams on every instance: the hub of one process ends the streams of the
 * sessions another process announces as ended (LISTEN/NOTIFY on PostgreSQL), and only theirs. Sessions are the
 * person's: a member's streams end in every workspace they act in, never the streams of the workspace's owner.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createNotifier } from '../../db/notify.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestDatabase, realPostgresUrl, type TestDatabase } from '../../test-support/test-database.ts';
import { eventually } from '../../test-support/telegram.ts';
import { createEventHub, SESSIONS_ENDED_TOPIC } from './hub.ts';

let db: TestDatabase;
const logger = createLogger('error', () => {});
beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(() => db.close());

describe('sessions ended', () => {
  // The embedded database belongs to one process: there is no other instance to tell.
  test.skipIf(!realPostgresUrl())("another instance's announcement ends the session's streams there, and only theirs", async () => {
    const [here, there] = [await createNotifier(db, logger), await createNotifier(db, logger)];
    const hub = createEventHub(there);
    const ended = new Set<string>();
    const attach = (name: string, userId: string, sessionId: string) => hub.attach(userId, () => {}, () => ended.add(name), sessionId);
    const [alice, bob] = [crypto.randomUUID(), crypto.randomUUID()];
    const [current, other] = [crypto.randomUUID(), crypto.randomUUID()];
    attach('alice current', alice, current);
    attach('alice other', alice, other);
    attach('bob', bob, crypto.randomUUID());

    await here.publish(SESSIONS_ENDED_TOPIC, { userId: alice, exceptSessionId: current });
    await eventually('the other session’s stream to end', () => ended.has('alice other'));
    expect([...ended]).toEqual(['alice other']);

    await here.publish(SESSIONS_ENDED_TOPIC, { userId: alice });
    await eventually('every stream of the account to end', () => ended.has('alice current'));
    expect(ended.has('bob')).toBe(false);
    hub.close();
    await Promise.all([here.close(), there.close()]);
  });

  test("a member's ended sessions end their streams in every workspace, and no one else's there", async () => {
    const notifier = await createNotifier(db, logger);
    const hub = createEventHub(notifier);
    const ended = new Set<string>();
    const [owner, agent] = [crypto.randomUUID(), crypto.randomUUID()];
    hub.attach(owner, () => {}, () => ended.add('owner'), crypto.randomUUID());
    hub.attach(owner, () => {}, () => ended.add('agent in the owner workspace'), crypto.randomUUID(), agent);
    hub.attach(agent, () => {}, () => ended.add('agent at home'), crypto.randomUUID());

    await notifier.publish(SESSIONS_ENDED_TOPIC, { userId: agent });
    await eventually('the agent’s streams to end', () => ended.size === 2);
    expect([...ended].sort()).toEqual(['agent at home', 'agent in the owner workspace']);
    hub.close();
    await notifier.close();
  });
});
