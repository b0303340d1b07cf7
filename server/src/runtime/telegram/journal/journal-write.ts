/**
 * One flush of the contact journal (docs/decisions.md#d-contacts): contacts before messages (a message always finds
 * its contact), the contact changes that may start flows persisted beside them, and the update receipts, in ONE
 * transaction when there is more than one statement: an update counts as handled exactly when its contacts and
 * messages are stored, and a failed batch goes back to the buffer whole (nothing of it written twice).
 */
import type { Queryable, Sql } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { markPolledHandled } from '../updates/polled-batches-repository.ts';
import { markQueuedHandled } from '../updates/webhook-queue-repository.ts';
import { upsertContacts, writeMessages } from './contact-repository.ts';
import { emitJournalEvents } from './webhook-events.ts';
import type { JournalOptions } from './contact-journal.ts';
import type { JournalBatch, UpdateReceipt } from './journal-buffer.ts';

export async function writeJournalBatch(sql: Sql, batch: JournalBatch, options: JournalOptions): Promise<void> {
  // Contacts alone make a transaction too when their changes may be persisted as jobs beside them.
  const contactStatements = batch.contacts.length === 0 ? 0 : options.contactTriggers ? 2 : 1;
  const kinds = new Set(batch.receipts.map((receipt) => receipt.kind)).size;
  // Contacts or messages also write their webhook events (ports/webhook-events.ts): one statement more.
  const statements = contactStatements + (batch.messages.length > 0 ? 1 : 0) + kinds + (batch.contacts.length + batch.messages.length > 0 ? 1 : 0);
  if (batch.contacts.length > 0) await options.contactTriggers?.prepare([...new Set(batch.contacts.map((row) => row.bot_id))]);
  const { triggered, stored, changes } = statements > 1 ? await inTransaction(sql, (tx) => writeAll(tx, batch, options)) : await writeAll(sql, batch, options);
  if (statements > 0) options.onWritten?.();
  if (stored.length > 0) options.onMessagesStored?.(stored);
  // An owner told of stored messages pulls anyway (the hint names no table): the contacts event is for the others.
  const told = new Set(stored.map((message) => message.userId));
  const owners = new Set(changes.map((change) => change.userId).filter((userId) => !told.has(userId)));
  if (owners.size > 0) options.onContactsChanged?.([...owners]);
  if (triggered > 0) options.contactTriggers?.committed();
}

async function writeAll(tx: Queryable, batch: JournalBatch, options: JournalOptions) {
  const changes = batch.contacts.length > 0 ? await upsertContacts(tx, batch.contacts) : [];
  const announced = changes.flatMap((change) => {
    const chat = batch.chats.get(`${change.botId}:${change.telegramId}`);
    return chat && !change.isBot ? [{ ...change, chat }] : [];
  });
  const triggered = announced.length > 0 && options.contactTriggers ? await options.contactTriggers.persist(tx, announced) : 0;
  const stored = batch.messages.length > 0 ? await writeMessages(tx, batch.messages) : [];
  await emitJournalEvents(tx, changes, stored);
  const polled = batch.receipts.filter((receipt) => receipt.kind === 'polled');
  const queued = batch.receipts.filter((receipt) => receipt.kind === 'queued');
  if (polled.length > 0) await markPolledHandled(tx, groupReceipts(polled));
  if (queued.length > 0) await markQueuedHandled(tx, groupReceipts(queued));
  return { triggered, stored, changes };
}

/** Receipts per (reader, bot): one row of the receipts' statement each. */
function groupReceipts(list: UpdateReceipt[]): Array<{ reader: string; botId: string; ids: number[] }> {
  const grouped = new Map<string, { reader: string; botId: string; ids: number[] }>();
  for (const receipt of list) {
    const key = `${receipt.reader}:${receipt.botId}`;
    const same = grouped.get(key) ?? { reader: receipt.reader, botId: receipt.botId, ids: [] };
    same.ids.push(receipt.updateId);
    grouped.set(key, same);
  }
  return [...grouped.values()];
}
