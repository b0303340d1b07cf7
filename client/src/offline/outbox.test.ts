import { describe, expect, test } from 'bun:test';
import { countPending, enqueue, enqueueAll } from './outbox.ts';
import { readMeta } from './db.ts';
import { bot, channel, newProfile, openTestDb, uuid, welcomeInput } from './test-support/fixtures.ts';
import { LocalWriteError } from './storage.ts';

describe('outbox', () => {
  test('applies the edit and queues it in one step', async () => {
    const db = openTestDb();
    await db.bots.put(bot(1));
    const envelope = await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive: false });
    expect(envelope.mutationId).toBe(1);
    expect((await db.bots.get(uuid(1)))?.isActive).toBe(false);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ mutationId: 1, name: 'bot.setActive', status: 'pending', clientId: envelope.clientId });
    expect(entry?.undo).toEqual([{ table: 'bots', key: uuid(1), before: bot(1) }]);
    expect(await countPending(db)).toBe(1);
  });

  test('queues the changes of one action together, or none of them when one cannot be applied', async () => {
    const db = openTestDb();
    await db.bots.bulkPut([bot(1), bot(2)]);
    const envelopes = await enqueueAll(db, [
      { name: 'bot.setActive', args: { botId: uuid(1), isActive: false } },
      { name: 'bot.setActive', args: { botId: uuid(2), isActive: false } },
    ]);
    expect(envelopes.map((envelope) => envelope.mutationId)).toEqual([1, 2]);
    expect(await readMeta(db, 'lastMutationId')).toBe(2);

    // Storing the second change fails (as a full disk would): the first must not stay applied or queued.
    db.outbox.hook('creating', (_key, entry) => {
      if (entry.mutationId === 4) throw new Error('disco cheio');
    });
    const broken = enqueueAll(db, [
      { name: 'bot.setActive', args: { botId: uuid(1), isActive: true } },
      { name: 'bot.setActive', args: { botId: uuid(2), isActive: true } },
    ]);
    await expect(broken).rejects.toThrow();
    expect((await db.bots.get(uuid(1)))?.isActive).toBe(false);
    expect(await countPending(db)).toBe(2);
    expect(await readMeta(db, 'lastMutationId')).toBe(2);
  });

  test('gives gapless ids to concurrent enqueues from two tabs of the same profile', async () => {
    const profile = newProfile();
    const tabA = openTestDb(profile, 'canalize-shared');
    const tabB = openTestDb(profile, 'canalize-shared');
    await tabA.bots.put(bot(1));
    await tabA.channels.put(channel(2, uuid(1)));
    const writes = Array.from({ length: 120 }, (_, index) =>
      index % 2 === 0
        ? enqueue(tabA, 'bot.setActive', { botId: uuid(1), isActive: index % 4 === 0 })
        : enqueue(tabB, 'welcome.save', { channelId: uuid(2), welcome: welcomeInput(`Olá ${index}`) }),
    );
    const envelopes = await Promise.all(writes);
    const ids = envelopes.map((envelope) => envelope.mutationId).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: 120 }, (_, index) => index + 1));
    expect(new Set(envelopes.map((envelope) => envelope.clientId)).size).toBe(1);
    expect(await readMeta(tabB, 'lastMutationId')).toBe(120);
    expect((await tabB.outbox.orderBy('mutationId').keys())).toEqual(ids);
  });

  test('keeps counting after acknowledged entries leave the queue', async () => {
    const db = openTestDb();
    await db.bots.put(bot(1));
    await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive: false });
    await db.outbox.clear();
    expect((await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive: true })).mutationId).toBe(2);
  });

  test('refuses args the shared schema refuses, before touching anything', async () => {
    const db = openTestDb();
    await expect(enqueue(db, 'bot.setActive', { botId: 'não-é-uuid', isActive: true })).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
  });

  test('turns a storage failure into a pt-BR message and leaves nothing half-written', async () => {
    const db = openTestDb();
    await db.bots.put(bot(1));
    db.outbox.hook('creating', () => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const error = await enqueue(db, 'bot.setActive', { botId: uuid(1), isActive: false }).catch((cause: unknown) => cause);
    expect(error).toBeInstanceOf(LocalWriteError);
    expect((error as Error).message).toContain('armazenamento deste navegador está cheio');
    expect((await db.bots.get(uuid(1)))?.isActive).toBe(true);
    expect(await readMeta(db, 'lastMutationId')).toBeUndefined();
  });
});
