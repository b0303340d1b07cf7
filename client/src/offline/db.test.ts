import { describe, expect, test } from 'bun:test';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { CanalizeDb } from './db.ts';

describe('local database upgrades', () => {
  test('messages cached before they carried a source and buttons get them, by direction', async () => {
    const profile = new IDBFactory();
    const before = new Dexie('canalize-upgrade', { indexedDB: profile, IDBKeyRange });
    before.version(2).stores({ messages: 'id, contactId, botId, [contactId+createdAt]', conversations: 'contactId, botId, lastMessageAt' });
    await before.table('messages').bulkPut([
      { id: 'in', contactId: 'c', botId: 'b', direction: 'INCOMING', type: 'TEXT', createdAt: '2026-01-01T00:00:00.000Z' },
      { id: 'out', contactId: 'c', botId: 'b', direction: 'OUTGOING', type: 'TEXT', createdAt: '2026-01-01T00:00:01.000Z' },
    ]);
    before.close();
    const db = new CanalizeDb('canalize-upgrade', { indexedDB: profile, IDBKeyRange });
    expect(await db.messages.get('in')).toMatchObject({ source: 'CONTACT', buttons: [] });
    expect(await db.messages.get('out')).toMatchObject({ source: 'OPERATOR', buttons: [] });
    db.close();
  });
});
