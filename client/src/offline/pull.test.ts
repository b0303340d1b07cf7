import { describe, expect, test } from 'bun:test';
import type { PullResult, PushResult } from '@shared/sync/protocol.ts';
import { acknowledge } from './acknowledge.ts';
import { readMeta } from './db.ts';
import { enqueue } from './outbox.ts';
import { applyPull } from './pull.ts';
import { bot, channel, emptyChanges, flow, openTestDb, uuid, welcomeInput } from './test-support/fixtures.ts';

const page = (changes: Partial<PullResult['changes']>, extra: Partial<PullResult> = {}): PullResult => ({
  cursor: 10, hasMore: false, changes: { ...emptyChanges(), ...changes }, deleted: [], reset: false, ...extra,
});

describe('pull application', () => {
  test('lays server rows under still-pending edits and keeps the cursor', async () => {
    const db = openTestDb();
    await db.bots.put(bot(1));
    await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive: false });
    // The server renamed the bot meanwhile and still has it active: the rename shows, the pending switch stays.
    await applyPull(db, page({ bots: [bot(1, { name: 'Bot Renomeado', isActive: true })] }, { cursor: 7 }));
    expect(await db.bots.get(uuid(1))).toMatchObject({ name: 'Bot Renomeado', isActive: false });
    expect(await readMeta(db, 'cursor')).toBe(7);
    expect(await db.outbox.count()).toBe(1);
    // The undo record now points at the server's row, so a later rebase goes back to it, not to the stale one.
    expect((await db.outbox.toArray())[0]?.undo[0]?.before).toMatchObject({ name: 'Bot Renomeado', isActive: true });
  });

  test('re-applies every pending mutation in order on top', async () => {
    const db = openTestDb();
    await db.bots.put(bot(1));
    await db.channels.put(channel(2, uuid(1)));
    await enqueue(db, 'welcome.save', { channelId: uuid(2), welcome: welcomeInput('primeira') });
    await enqueue(db, 'welcome.save', { channelId: uuid(2), welcome: welcomeInput('segunda') });
    await enqueue(db, 'flow.create', { flow: { id: uuid(3), botId: uuid(1), name: 'Novo', executionContexts: ['private'] } });
    await enqueue(db, 'flow.setEnabled', { flowId: uuid(3), enabled: false });
    await applyPull(db, page({ welcomeMessages: [{ ...welcomeInput('do servidor'), channelId: uuid(2), botId: uuid(1) }] }));
    expect((await db.welcomeMessages.get(uuid(2)))?.message).toBe('segunda');
    expect(await db.flows.get(uuid(3))).toMatchObject({ name: 'Novo', enabled: false });
  });

  test('drops acknowledged entries on the last page only, then shows the server version', async () => {
    const db = openTestDb();
    await db.bots.put(bot(1));
    const sent = await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive: false });
    await acknowledge(db, await db.outbox.toArray(), { lastMutationId: sent.mutationId, results: [{ mutationId: 1, status: 'applied' }] });
    await applyPull(db, page({}, { hasMore: true, cursor: 3 }));
    expect((await db.bots.get(uuid(1)))?.isActive).toBe(false);
    expect(await db.outbox.count()).toBe(1);
    await applyPull(db, page({ bots: [bot(1, { isActive: false, updatedAt: '2026-02-02T00:00:00.000Z' })] }, { cursor: 4 }));
    expect(await db.outbox.count()).toBe(0);
    expect(await db.bots.get(uuid(1))).toMatchObject({ isActive: false, updatedAt: '2026-02-02T00:00:00.000Z' });
  });

  test('a reset page replaces the whole cache, keeping still-pending edits on top', async () => {
    const db = openTestDb();
    await db.bots.bulkPut([bot(1), bot(9)]);
    await db.flows.put(flow(3, uuid(9)));
    await db.meta.put({ key: 'cursor', value: 500 });
    await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive: false });
    await applyPull(db, page({ bots: [bot(1, { name: 'Bot restaurado', isActive: true })] }, { cursor: 4, reset: true }));
    expect(await db.bots.toCollection().primaryKeys()).toEqual([uuid(1)]);
    expect(await db.flows.count()).toBe(0);
    expect(await db.bots.get(uuid(1))).toMatchObject({ name: 'Bot restaurado', isActive: false });
    expect(await readMeta(db, 'cursor')).toBe(4);
  });

  test('tombstones remove rows and what hangs from them', async () => {
    const db = openTestDb();
    await db.bots.bulkPut([bot(1), bot(9)]);
    await db.channels.bulkPut([channel(2, uuid(1)), channel(8, uuid(9))]);
    await db.welcomeMessages.put({ ...welcomeInput('oi'), channelId: uuid(2), botId: uuid(1) });
    await db.flows.bulkPut([flow(3, uuid(1)), flow(7, uuid(9))]);
    await applyPull(db, page({}, { deleted: [{ table: 'bots', id: uuid(1) }, { table: 'flows', id: uuid(7) }] }));
    expect(await db.bots.toCollection().primaryKeys()).toEqual([uuid(9)]);
    expect(await db.channels.toCollection().primaryKeys()).toEqual([uuid(8)]);
    expect(await db.welcomeMessages.count()).toBe(0);
    expect(await db.flows.count()).toBe(0);
  });

  test('an edit of something deleted on the server disappears with it; the intent stays queued for the server to refuse', async () => {
    const db = openTestDb();
    await db.bots.put(bot(1));
    await db.flows.put(flow(3, uuid(1)));
    await enqueue(db, 'flow.setEnabled', { flowId: uuid(3), enabled: false });
    await applyPull(db, page({}, { deleted: [{ table: 'flows', id: uuid(3) }] }));
    expect(await db.flows.get(uuid(3))).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('push answers', () => {
  const answer = (lastMutationId: number, results: PushResult['results']): PushResult => ({ lastMutationId, results });

  test('a refused mutation is taken back at once, later edits stay, and the reason is listed', async () => {
    const db = openTestDb();
    await db.bots.put(bot(1, { name: 'Original' }));
    await db.channels.put(channel(2, uuid(1)));
    await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive: false });
    await enqueue(db, 'welcome.save', { channelId: uuid(2), welcome: welcomeInput('fica') });
    await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive: true });
    const outcome = await acknowledge(
      db,
      await db.outbox.toArray(),
      answer(3, [
        { mutationId: 1, status: 'applied' },
        { mutationId: 2, status: 'failed', code: 'NOT_FOUND', message: 'Canal não encontrado' },
        { mutationId: 3, status: 'applied' },
      ]),
    );
    expect(outcome.rejected.map((entry) => entry.mutationId)).toEqual([2]);
    expect(await db.welcomeMessages.get(uuid(2))).toBeUndefined();
    expect((await db.bots.get(uuid(1)))?.isActive).toBe(true);
    expect(await db.rejected.toArray()).toEqual([expect.objectContaining({ mutationId: 2, code: 'NOT_FOUND', message: 'Canal não encontrado', name: 'welcome.save' })]);
    expect((await db.outbox.toArray()).map((entry) => [entry.mutationId, entry.status])).toEqual([[1, 'acked'], [3, 'acked']]);
  });

  test('a gap puts everything after the server id back in the queue', async () => {
    const db = openTestDb();
    await db.bots.put(bot(1));
    for (const isActive of [false, true, false]) await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive });
    const entries = await db.outbox.toArray();
    await acknowledge(db, entries, answer(3, [{ mutationId: 1, status: 'applied' }, { mutationId: 2, status: 'applied' }, { mutationId: 3, status: 'applied' }]));
    // The server lost its record (restored from a backup): it asks again from id 2.
    const outcome = await acknowledge(db, [], answer(1, [{ mutationId: 2, status: 'gap' }]));
    expect(outcome.gap).toBe(true);
    expect((await db.outbox.toArray()).map((entry) => [entry.mutationId, entry.status])).toEqual([[1, 'acked'], [2, 'pending'], [3, 'pending']]);
  });
});
