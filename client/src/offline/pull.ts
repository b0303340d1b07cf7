/**
 * Applying one pull page: server rows and tombstones under the queued mutations, the cursor in the same
 * transaction (a crash never skips or half-applies a page). Acknowledged mutations are dropped only with the last
 * page: an earlier page may not carry their effects yet, and dropping them then would flicker the edit away.
 */
import { MESSAGES_LIMIT } from '@shared/messages/schemas.ts';
import { SYNC_TABLES, type PullResult, type SyncTable } from '@shared/sync/protocol.ts';
import type { CanalizeDb } from './db.ts';
import { rebaseInTransaction } from './rebase.ts';

export function applyPull(db: CanalizeDb, page: PullResult, pulledAt = new Date()): Promise<void> {
  // An `async` scope: Dexie keeps the transaction alive across native awaits only inside those.
  return db.transaction('rw', db.everything, async () => {
    await rebaseInTransaction(db, {
      dropAcked: !page.hasMore,
      lay: async () => {
        // The server started over (page.reset): what it no longer has must not linger as if it still existed.
        if (page.reset) for (const table of SYNC_TABLES) await db.rows(table).clear();
        for (const table of SYNC_TABLES) {
          const rows = page.changes[table];
          if (rows.length > 0) await db.rows(table).bulkPut(rows);
        }
        for (const { table, id } of page.deleted) await deleteWithChildren(db, table, id);
        await pruneMessages(db, new Set(page.changes.messages.map((message) => message.contactId)));
        await db.meta.bulkPut([
          { key: 'cursor', value: page.cursor },
          { key: 'pulledAt', value: pulledAt.toISOString() },
        ]);
      },
    });
  });
}

/**
 * The server's deletes cascade (a bot takes its channels, flows, contacts; a channel its welcome message; a flow its
 * graph). Tombstones of the children may or may not be sent; removing them here keeps the cache consistent either way.
 */
async function deleteWithChildren(db: CanalizeDb, table: SyncTable, id: string): Promise<void> {
  if (table === 'bots') {
    const flows = await db.flows.where('botId').equals(id).primaryKeys();
    for (const flowId of flows) await deleteWithChildren(db, 'flows', flowId);
    await db.channels.where('botId').equals(id).delete();
    await db.welcomeMessages.where('botId').equals(id).delete();
    await db.contacts.where('botId').equals(id).delete();
    await db.messages.where('botId').equals(id).delete();
    await db.conversations.where('botId').equals(id).delete();
    await db.notes.where('botId').equals(id).delete();
  }
  if (table === 'contacts') {
    await db.messages.where('contactId').equals(id).delete();
    await db.notes.where('contactId').equals(id).delete();
    await db.conversations.delete(id);
  }
  if (table === 'channels') await db.welcomeMessages.delete(id);
  if (table === 'flows') {
    await db.flowNodes.where('flowId').equals(id).delete();
    await db.flowConnections.where('flowId').equals(id).delete();
  }
  await db.rows(table).delete(id);
}

/**
 * The cache keeps the newest MESSAGES_LIMIT messages of a contact, as the server's change log does (migration
 * 0500): older ones are read online, page by page. Runs while queued mutations are undone, so a pending reply is
 * never pruned (it is re-applied on top).
 */
async function pruneMessages(db: CanalizeDb, contactIds: ReadonlySet<string>): Promise<void> {
  for (const contactId of contactIds) {
    const stale = await db.messages
      .where('[contactId+createdAt]')
      .between([contactId, ''], [contactId, '\uffff'])
      .reverse()
      .offset(MESSAGES_LIMIT)
      .primaryKeys();
    if (stale.length > 0) await db.messages.bulkDelete(stale);
  }
}
