import { useDom } from '../test-support/setup-dom.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { sessionStore } from '../lib/session-store.ts';
import { engineFor, wipeUserData, type SyncEngine } from './engine.ts';
import { countPending } from './outbox.ts';
import { bot, uuid } from './test-support/fixtures.ts';
import { createFakeSyncApi, waitUntil } from './test-support/fake-sync-api.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

const api = createFakeSyncApi();
let engine: SyncEngine;
let users = 0;

beforeAll(() => api.install());
afterAll(() => api.uninstall());

beforeEach(() => {
  api.reset();
  engine = engineFor(`engine-test-${++users}`);
});

afterEach(async () => {
  await wipeUserData(engine.userId);
  sessionStore().clear();
});

const phase = () => engine.getSnapshot().phase;
/** The engine started and its first sync (a pull, nothing queued) finished. */
async function started() {
  engine.start();
  await waitUntil(() => api.pulls() >= 1 && phase() === 'idle', 'the start sync');
}
/** Lets any sync a trigger might have started run, so "nothing happened" is a real observation. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 60));

describe('sync engine replay triggers', () => {
  test('starting the engine syncs at once and fills the cache from the server', async () => {
    api.server.serverWrite('bots', bot(1));
    await started();
    expect(api.requests).toEqual([{ kind: 'pull', cursor: 0 }]);
    expect((await engine.db.bots.get(uuid(1)))?.name).toBe('Bot 1');
  });

  test('the online event syncs and marks the engine online; the offline event only marks it offline', async () => {
    await started();
    window.dispatchEvent(new Event('offline'));
    await settle();
    expect(engine.getSnapshot().online).toBe(false);
    expect(api.pulls()).toBe(1);
    api.server.serverWrite('bots', bot(2));
    window.dispatchEvent(new Event('online'));
    expect(engine.getSnapshot().online).toBe(true);
    await waitUntil(() => api.pulls() === 2, 'a sync after online');
    await waitUntil(async () => (await engine.db.bots.get(uuid(2))) !== undefined, 'the row written while away');
  });

  test('the tab becoming visible syncs; a visibilitychange to hidden does not', async () => {
    await started();
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
      await settle();
      expect(api.pulls()).toBe(1);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
    expect(document.visibilityState).toBe('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await waitUntil(() => api.pulls() === 2, 'a sync after the tab became visible');
  });

  test('a local mutation is applied at once and pushed without any other trigger', async () => {
    api.server.serverWrite('bots', bot(1));
    await started();
    const envelope = await engine.mutate('bot.setActive', { botId: uuid(1), isActive: false });
    expect(envelope?.mutationId).toBe(1);
    expect((await engine.db.bots.get(uuid(1)))?.isActive).toBe(false);
    await waitUntil(() => api.pushedIds().length === 1 && phase() === 'idle', 'the push after the mutation');
    expect(api.pushedIds()).toEqual([1]);
    expect(api.server.state.bots.get(uuid(1))?.isActive).toBe(false);
    await waitUntil(async () => (await engine.db.outbox.count()) === 0, 'the outbox to drain');
  });

  test('after stop no trigger syncs any more', async () => {
    await started();
    engine.stop();
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(api.requests).toHaveLength(1);
  });
});

describe('sync engine and the other devices', () => {
  test('another device\'s push heard on the live stream pulls at once; this device\'s own echo does not', async () => {
    await started();
    // An event the engine does not pull for, until one reaches an open stream.
    await waitUntil(() => api.emit({ topic: 'bots.changed' }) > 0, 'an open event stream');
    await waitUntil(async () => (await engine.db.meta.get('clientId')) !== undefined, 'the client id');
    const own = (await engine.db.meta.get('clientId'))?.value;
    await settle();
    const before = api.pulls();
    api.emit({ topic: 'sync.changed', clientId: own });
    await settle();
    expect(api.pulls()).toBe(before);
    api.server.serverWrite('bots', bot(2));
    api.emit({ topic: 'sync.changed', clientId: uuid(77) });
    await waitUntil(async () => (await engine.db.bots.get(uuid(2))) !== undefined, 'the other device\'s change');
    expect(api.pulls()).toBe(before + 1);
  });
});

describe('sync engine across an ended session', () => {
  test('a 401 pauses with the outbox intact; signing back in (stop, start) pushes every change exactly once', async () => {
    api.server.serverWrite('bots', bot(1));
    await started();
    api.network.mode = 'unauthorized';
    await engine.mutate('bot.setActive', { botId: uuid(1), isActive: false });
    await engine.mutate('bot.setActive', { botId: uuid(1), isActive: true });
    await engine.mutate('bot.setActive', { botId: uuid(1), isActive: false });
    await waitUntil(() => phase() === 'paused', 'the paused phase');
    await settle();
    expect(phase()).toBe('paused');
    expect(await countPending(engine.db)).toBe(3);
    expect(api.pushedIds()).toEqual([]);

    // The shell unmounts on the way to /login and mounts again for the same user: the same engine restarts.
    engine.stop();
    api.network.mode = 'ok';
    expect(engineFor(engine.userId)).toBe(engine);
    engine.start();
    await waitUntil(async () => phase() === 'idle' && (await engine.db.outbox.count()) === 0, 'the resumed sync to drain');
    expect(api.pushedIds()).toEqual([1, 2, 3]);
    expect(api.server.effects.map((effect) => [effect.mutationId, effect.status])).toEqual([[1, 'applied'], [2, 'applied'], [3, 'applied']]);
    expect(api.server.state.bots.get(uuid(1))?.isActive).toBe(false);
  });
});
