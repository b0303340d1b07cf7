import { describe, expect, test } from 'bun:test';
import type { MutationEnvelope } from '@shared/sync/protocol.ts';
import { readMeta } from './db.ts';
import { countPending, enqueue } from './outbox.ts';
import { createReplayer, type FailureKind, type SyncTransport } from './replayer.ts';
import { createModelServer } from './test-support/model-server.ts';
import { bot, openTestDb, uuid } from './test-support/fixtures.ts';

class Offline extends Error {}
class SessionEnded extends Error {}
const classify = (error: unknown): FailureKind => (error instanceof Offline ? 'offline' : error instanceof SessionEnded ? 'paused' : 'retry');

function setup({ batchSize = 100 } = {}) {
  const db = openTestDb();
  const server = createModelServer({ pageSize: 20 });
  const pushes: MutationEnvelope[][] = [];
  const faults: { next?: Error } = {};
  const timers: { ms: number; run: () => void }[] = [];
  const transport: SyncTransport = {
    async push(mutations) {
      if (faults.next) throw faults.next;
      pushes.push(mutations);
      return server.push(structuredClone(mutations));
    },
    async pull(cursor) {
      if (faults.next) throw faults.next;
      return server.pull(cursor);
    },
  };
  const phases: string[] = [];
  const replayer = createReplayer({
    db, transport, batchSize, classify, random: () => 1,
    onPhase: (phase) => phases.push(phase),
    schedule: (run, ms) => {
      timers.push({ ms, run });
      return () => {};
    },
  });
  return { db, server, pushes, faults, timers, phases, replayer };
}

describe('replayer', () => {
  test('sends the queue in batches, in order, then pulls until the queue is empty', async () => {
    const { db, server, pushes, replayer } = setup({ batchSize: 100 });
    server.serverWrite('bots', bot(1));
    await db.bots.put(bot(1));
    for (let index = 0; index < 250; index++) await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive: index % 2 === 1 });
    await replayer.sync();
    expect(pushes.map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(pushes.flat().map((envelope) => envelope.mutationId)).toEqual(Array.from({ length: 250 }, (_, index) => index + 1));
    expect(await db.outbox.count()).toBe(0);
    expect((await db.bots.get(uuid(1)))?.isActive).toBe(true);
    expect(await readMeta(db, 'cursor')).toBeGreaterThan(0);
  });

  test('a server that lost what it acknowledged (restored database) gets the queue again under a new client id', async () => {
    const db = openTestDb();
    let server = createModelServer({ pageSize: 20 });
    const pushes: MutationEnvelope[][] = [];
    const transport: SyncTransport = {
      async push(mutations) {
        pushes.push(mutations);
        return server.push(structuredClone(mutations));
      },
      async pull(cursor) {
        return server.pull(cursor);
      },
    };
    const replayer = createReplayer({ db, transport, classify, random: () => 1, schedule: () => () => {} });
    server.serverWrite('bots', bot(1));
    await db.bots.put(bot(1));
    for (const isActive of [false, true, false]) await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive });
    await replayer.sync();
    const firstClient = pushes[0]?.[0]?.clientId;
    expect(await db.outbox.count()).toBe(0);

    // The server comes back from a backup taken before any of those three arrived.
    server = createModelServer({ pageSize: 20 });
    server.serverWrite('bots', bot(1));
    await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive: true });
    await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive: false });
    await replayer.sync();
    expect(await db.outbox.count()).toBe(0);
    const last = pushes.at(-1) ?? [];
    expect(last.map((envelope) => envelope.mutationId)).toEqual([1, 2]);
    expect(last[0]?.clientId).not.toBe(firstClient);
    expect(server.effects.map((effect) => effect.status)).toEqual(['applied', 'applied']);
    expect(server.state.bots.get(uuid(1))?.isActive).toBe(false);
  });

  test('folds calls made during a run into one more run', async () => {
    const { db, server, pushes, replayer } = setup();
    server.serverWrite('bots', bot(1));
    await db.bots.put(bot(1));
    await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive: false });
    const first = replayer.sync();
    await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive: true });
    const second = replayer.sync();
    const third = replayer.sync();
    await Promise.all([first, second, third]);
    expect(pushes.flat().map((envelope) => envelope.mutationId)).toEqual([1, 2]);
    expect(await countPending(db)).toBe(0);
  });

  test('offline keeps the queue and retries on a growing timer; back online it drains', async () => {
    const { db, server, faults, timers, phases, replayer } = setup();
    server.serverWrite('bots', bot(1));
    await db.bots.put(bot(1));
    await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive: false });
    faults.next = new Offline();
    await replayer.sync();
    await timers.at(-1)?.run();
    await replayer.sync();
    expect(timers.map((timer) => timer.ms)).toEqual([1000, 2000, 4000]);
    expect(phases.at(-1)).toBe('offline');
    expect(await countPending(db)).toBe(1);
    faults.next = undefined;
    await replayer.sync();
    expect(phases.at(-1)).toBe('idle');
    expect(await db.outbox.count()).toBe(0);
    expect(server.state.bots.get(uuid(1))?.isActive).toBe(false);
  });

  test('an ended session pauses without a timer and without touching the queue', async () => {
    const { db, faults, timers, phases, replayer } = setup();
    await db.bots.put(bot(1));
    await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive: false });
    faults.next = new SessionEnded();
    await replayer.sync();
    expect(phases.at(-1)).toBe('paused');
    expect(timers).toHaveLength(0);
    expect(await countPending(db)).toBe(1);
  });

  test('a refused mutation is reported once and the rest still lands', async () => {
    const db = openTestDb();
    const server = createModelServer();
    server.serverWrite('bots', bot(1));
    await db.bots.bulkPut([bot(1), bot(2)]);
    const reported: number[] = [];
    const replayer = createReplayer({
      db,
      transport: { push: async (m) => server.push(m), pull: async (c) => server.pull(c) },
      onRejected: (entries) => reported.push(...entries.map((entry) => entry.mutationId)),
    });
    await enqueue(db, 'bot.setActive', { botId: uuid(2), isActive: false });
    await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive: false });
    await replayer.sync();
    expect(reported).toEqual([1]);
    expect((await db.rejected.toArray())[0]).toMatchObject({ code: 'NOT_FOUND', message: 'Bot não encontrado' });
    expect(server.state.bots.get(uuid(1))?.isActive).toBe(false);
    expect((await db.bots.get(uuid(2)))?.isActive).toBe(true);
  });

  test('two tabs replaying at once are serialized by the lock and send each id once', async () => {
    const { IDBFactory } = await import('fake-indexeddb');
    const profile = new IDBFactory();
    const { openTestDb: open } = await import('./test-support/fixtures.ts');
    const tabA = open(profile, 'canalize-two-tabs');
    const tabB = open(profile, 'canalize-two-tabs');
    const server = createModelServer();
    server.serverWrite('bots', bot(1));
    await tabA.bots.put(bot(1));
    const sent: number[] = [];
    const transport: SyncTransport = {
      push: async (m) => (sent.push(...m.map((e) => e.mutationId)), server.push(m)),
      pull: async (c) => server.pull(c),
    };
    let queue = Promise.resolve();
    const lock = <T,>(task: () => Promise<T>) => {
      const run = queue.then(task);
      queue = run.then(() => undefined, () => undefined);
      return run;
    };
    const a = createReplayer({ db: tabA, transport, lock });
    const b = createReplayer({ db: tabB, transport, lock });
    for (let index = 0; index < 20; index++) await enqueue(index % 2 ? tabA : tabB, 'bot.setActive', { botId: uuid(1), isActive: index % 2 === 0 });
    await Promise.all([a.sync(), b.sync(), a.sync()]);
    expect(sent).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(await tabB.outbox.count()).toBe(0);
  });
});
