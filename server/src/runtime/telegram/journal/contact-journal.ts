/**
 * Write-behind journal for contacts and private messages (docs/decisions.md#d-contacts).
 *
 * Why buffered: every update from a user touches its contact, which would be one write per update on the hot path
 * (a join, then its welcome). Instead updates are merged in memory per (bot, user) and written every few
 * milliseconds as ONE multi-row upsert plus ONE multi-row message insert, each a single prepared statement fed
 * with a JSON array. Contacts are written before messages so a message always finds its contact.
 * The price: a crash loses at most one flush interval of contact touches and messages that no update holds (an
 * update's own go with its receipt: an update without one is handled again by the bot's next owner, since polled
 * batches and webhook updates alike are stored before Telegram forgets them, docs/decisions.md#scale-out); stop()
 * flushes what is pending.
 * The upsert also tells which contacts were created or changed: those feed the contact triggers (docs/decisions.md#d-flow-engine),
 * made durable in the same transaction (the owner's `contactTriggers.persist`: a job per change that may start a
 * flow), so a new contact's flow starts one flush interval after its first update and a kill after the flush
 * cannot lose it.
 *
 * Receipts (docs/decisions.md#scale-out "No update lost"): an update handled inside `handling()` holds what it touches
 * and records (its incoming message, the replies the outbound recorder sees) until it is done; then all of it and the
 * update's receipt enter the buffer together, so one flush writes them in one transaction. A new owner of the bot
 * redoes an update without a receipt; one with a receipt has its contacts and messages stored.
 */
import type { User } from 'grammy/types';
import type { Queryable, Sql } from '../../../db/client.ts';
import type { ContactChange } from '../../flow-engine/contact-triggers.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { StoredMessage } from '../../../ports/stored-messages.ts';
import type { JournalMessage } from './contact-repository.ts';
import { createJournalBuffer, type TouchChat } from './journal-buffer.ts';
import { createFlushes } from './journal-flushes.ts';
import { writeJournalBatch } from './journal-write.ts';
import { createUpdateHolds } from './update-holds.ts';

export type { JournalMessage };

export type JournalOptions = {
  flushDelayMs?: number;
  maxPending?: number;
  /**
   * Contacts a flush created or whose watchable fields it changed, with the chat of their latest touch: `persist`
   * runs inside the flush's transaction (answers how many it kept), `committed` once that is stored and it kept any.
   */
  contactTriggers?: {
    /** Before the transaction: the bots whose contacts it writes (their flows loaded, so `persist` knows them). */
    prepare(botIds: string[]): Promise<void>;
    persist(tx: Queryable, changes: ContactChange[]): Promise<number>;
    committed(): void;
  };
  /** Messages a flush stored (incoming and outgoing), after their commit: live screens and, later, web push. */
  onMessagesStored?(messages: StoredMessage[]): void;
  /** The owners of the contacts a flush created or renamed, after their commit: live contact screens. */
  onContactsChanged?(userIds: string[]): void;
  /** A flush wrote something: the database answered just now. */
  onWritten?(): void;
};

export type ContactJournal = ReturnType<typeof createContactJournal>;

export function createContactJournal(sql: Sql, logger: Logger, options: JournalOptions = {}) {
  const maxPending = options.maxPending ?? 1000;
  const buffer = createJournalBuffer();
  const holds = createUpdateHolds(buffer, () => schedule());
  const flushes = createFlushes({
    logger,
    flushDelay: options.flushDelayMs ?? 20,
    asked: holds.releaseCurrent,
    take: () => buffer.take(),
    write: (batch) => writeJournalBatch(sql, batch, options),
    requeue: (batch) => buffer.requeue(batch),
  });
  const schedule = () => flushes.schedule(buffer.size() >= maxPending);
  return {
    touch(botId: string, user: User, at: Date, privateMessage = false, chat?: TouchChat) {
      if (holds.heldTouch([botId, user, at, privateMessage, chat])) return;
      buffer.touch(botId, user, at, privateMessage, chat);
      schedule();
    },
    record(message: JournalMessage) {
      if (holds.heldMessage(message)) return;
      buffer.messages([message]);
      schedule();
    },
    handling: holds.handling,
    flush: flushes.flush,
    /** Resolves once what is buffered now (receipts included) is stored by the next scheduled flush. */
    settle: () => flushes.settle((waiter) => buffer.wait(waiter)),
    close: flushes.close,
  };
}
