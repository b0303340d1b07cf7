import { describe, expect, test } from 'bun:test';
import { ApiError, SESSION_EXPIRED_MESSAGE } from '../lib/api-client.ts';
import { countPending, enqueue } from './outbox.ts';
import { createReplayer, type ReplayPhase, type SyncTransport } from './replayer.ts';
import { bot, openTestDb, uuid } from './test-support/fixtures.ts';
import { createModelServer } from './test-support/model-server.ts';
import { classifyFailure } from './transport.ts';

/** A replayer over a model server whose session can end: then every call fails as the API client fails it. */
function setup({ batchSize = 100 } = {}) {
  const db = openTestDb();
  const server = createModelServer();
  const session = { ended: false, endAfterPushes: Number.POSITIVE_INFINITY };
  const pushed: number[] = [];
  const ended = () => new ApiError(401, 'UNAUTHORIZED', SESSION_EXPIRED_MESSAGE, undefined, true);
  const transport: SyncTransport = {
    async push(mutations) {
      if (session.ended || session.endAfterPushes <= 0) throw ended();
      session.endAfterPushes -= 1;
      pushed.push(...mutations.map((mutation) => mutation.mutationId));
      return server.push(structuredClone(mutations));
    },
    async pull(cursor) {
      if (session.ended) throw ended();
      return server.pull(cursor);
    },
  };
  const phases: ReplayPhase[] = [];
  const timers: number[] = [];
  const rejected: number[] = [];
  const replayer = createReplayer({
    db, transport, batchSize, classify: classifyFailure, random: () => 1,
    onPhase: (phase) => phases.push(phase),
    onRejected: (entries) => rejected.push(...entries.map((entry) => entry.mutationId)),
    schedule: (_run, ms) => {
      timers.push(ms);
      return () => {};
    },
  });
  return { db, server, session, pushed, phases, timers, rejected, replayer };
}

async function queueToggles(db: ReturnType<typeof openTestDb>, count: number) {
  for (let index = 0; index < count; index++) await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive: index % 2 === 1 });
}

describe('replayer while the session has ended', () => {
  test('pauses without a retry timer, keeps every queued change and its local effect', async () => {
    const { db, server, session, pushed, phases, timers, rejected, replayer } = setup();
    server.serverWrite('bots', bot(1));
    await db.bots.put(bot(1));
    await queueToggles(db, 3);
    const before = await db.outbox.toArray();
    session.ended = true;
    await replayer.sync();
    expect(phases).toEqual(['syncing', 'paused']);
    expect(timers).toEqual([]);
    expect(pushed).toEqual([]);
    expect(rejected).toEqual([]);
    expect(await db.outbox.toArray()).toEqual(before);
    expect(await db.rejected.count()).toBe(0);
    expect((await db.bots.get(uuid(1)))?.isActive).toBe(false);
  });

  test('once the same user is signed in again, the next sync pushes everything exactly once, in order', async () => {
    const { db, server, session, pushed, phases, replayer } = setup();
    server.serverWrite('bots', bot(1));
    await db.bots.put(bot(1));
    await queueToggles(db, 3);
    session.ended = true;
    await replayer.sync();
    await replayer.sync();
    expect(phases.at(-1)).toBe('paused');
    expect(await countPending(db)).toBe(3);

    session.ended = false;
    await replayer.sync();
    expect(phases.at(-1)).toBe('idle');
    expect(pushed).toEqual([1, 2, 3]);
    expect(server.effects.map((effect) => [effect.mutationId, effect.status])).toEqual([[1, 'applied'], [2, 'applied'], [3, 'applied']]);
    expect(await db.outbox.count()).toBe(0);
    expect(server.state.bots.get(uuid(1))?.isActive).toBe(false);

    await replayer.sync();
    expect(pushed).toEqual([1, 2, 3]);
  });

  test('a session ending between two batches resumes from the first unanswered change', async () => {
    const { db, server, session, pushed, phases, timers, replayer } = setup({ batchSize: 2 });
    server.serverWrite('bots', bot(1));
    await db.bots.put(bot(1));
    await queueToggles(db, 5);
    session.endAfterPushes = 1;
    await replayer.sync();
    expect(phases.at(-1)).toBe('paused');
    expect(timers).toEqual([]);
    expect(pushed).toEqual([1, 2]);
    expect(await countPending(db)).toBe(3);

    session.endAfterPushes = Number.POSITIVE_INFINITY;
    await replayer.sync();
    expect(phases.at(-1)).toBe('idle');
    expect(pushed).toEqual([1, 2, 3, 4, 5]);
    expect(server.effects.map((effect) => effect.mutationId)).toEqual([1, 2, 3, 4, 5]);
    expect(await db.outbox.count()).toBe(0);
  });
});
