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
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Chat, User } from 'grammy/types';
import type { Queryable, Sql } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { failureStreak } from '../../../lib/failure-streak.ts';
import { markPolledHandled } from '../updates/polled-batches-repository.ts';
import { markQueuedHandled } from '../updates/webhook-queue-repository.ts';
import type { ContactChange } from '../../flow-engine/contact-triggers.ts';
import type { Logger } from '../../../lib/logger.ts';
import { upsertContacts, writeMessages, type ContactTouchRow, type JournalMessage, type StoredMessage } from './contact-repository.ts';

export type { JournalMessage, StoredMessage };

/** Where a touch was seen: contact triggers run in that chat (docs/decisions.md#d-flow-engine, within the flow's contexts). */
export type TouchChat = Pick<Chat, 'id' | 'type'> & { title?: string | undefined };

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
  /** A flush wrote something: the database answered just now. */
  onWritten?(): void;
};

export type ContactJournal = ReturnType<typeof createContactJournal>;

/** After a failed write (the database away), the next try. */
const RETRY_MS = 1_000;

/**
 * That an update was handled by `reader` (one ownership of the bot): `polled`, its id leaves its batch's pending ones
 * (polled_batches); `queued`, its webhook_updates row (taken by that reader) gets handled_at.
 */
export type UpdateReceipt = { kind: 'polled' | 'queued'; reader: string; botId: string; updateId: number };

type Touch = [botId: string, user: User, at: Date, privateMessage: boolean, chat: TouchChat | undefined];
/** What one update touched and recorded while it was handled, released with its receipt. */
type Held = { touches: Touch[]; messages: JournalMessage[]; open: boolean };

export function createContactJournal(sql: Sql, logger: Logger, options: JournalOptions = {}) {
  const flushDelay = options.flushDelayMs ?? 20;
  const maxPending = options.maxPending ?? 1000;
  let contacts = new Map<string, ContactTouchRow>();
  let chats = new Map<string, TouchChat>();
  let messages: JournalMessage[] = [];
  let receipts: UpdateReceipt[] = [];
  let waiters: Array<{ resolve(): void; reject(error: unknown): void }> = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  // The flush waiting for the one under way: it takes the buffer when it starts.
  let queued: Promise<void> | undefined;
  const holding = new AsyncLocalStorage<Held>();

  const streak = failureStreak(logger, 'falha ao gravar contatos e mensagens; nova tentativa em instantes');
  let failing = false;
  // After close() (the server stopping, its pool about to end) nothing is scheduled or retried any more.
  let closed = false;

  const schedule = () => {
    if (closed) return;
    // While the database is away the buffer grows and waits for the retry instead of flushing on every touch.
    if (!failing && contacts.size + messages.length + receipts.length >= maxPending) void flush();
    else timer ??= setTimeout(() => void flush(), flushDelay);
  };

  /**
   * Serialised: one flush at a time, so a later flush never overtakes an earlier one. A flush asked for while one
   * writes waits for it and takes the buffer only when it starts: what arrives meanwhile leaves together (group
   * commit), never as a queue of small transactions. Rejects when the write failed (the database away): its rows
   * and receipts go back to the buffer and are tried again, slower.
   */
  function startFlush(): Promise<void> {
    if (closed) return Promise.resolve();
    // Called while an update is handled (the funnel join needs its contact now): what it holds goes too.
    release(holding.getStore());
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (queued) return queued;
    const result = running.then(() => {
      queued = undefined;
      return writeBuffered();
    });
    queued = result;
    running = result.catch(() => undefined);
    return result;
  }

  async function writeBuffered() {
    const batch = { contacts: [...contacts.values()], chats, messages, receipts };
    const settled = waiters;
    contacts = new Map();
    chats = new Map();
    messages = [];
    receipts = [];
    waiters = [];
    try {
      await write(batch);
    } catch (error) {
      streak.failed(error);
      requeue(batch);
      settled.forEach((waiter) => waiter.reject(error));
      throw error;
    }
    failing = false;
    streak.succeeded();
    settled.forEach((waiter) => waiter.resolve());
  }

  const flush = () => startFlush().catch(() => undefined);
  /**
   * Resolves when the next scheduled flush (≤ flushDelayMs away) has stored what is buffered now, rejects when that
   * flush failed (a bot stopping here waits for its receipts). It never forces a flush of its own: fifty pollers
   * forcing one each kept the embedded database's one connection busy with back-to-back transactions (throughput
   * halved, paced p99 4×).
   */
  function settle(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      waiters.push({ resolve, reject });
      if (!closed) timer ??= setTimeout(() => void flush(), flushDelay);
      else resolve();
    });
  }

  /** A failed batch back in the buffer, before what came meanwhile; retried after RETRY_MS. */
  function requeue(batch: Batch) {
    failing = true;
    if (closed) {
      logger.error('contatos e mensagens não gravados ao encerrar', { contacts: batch.contacts.length, messages: batch.messages.length, receipts: batch.receipts.length });
      return;
    }
    for (const row of batch.contacts) {
      const key = `${row.bot_id}:${row.telegram_id}`;
      const newer = contacts.get(key);
      contacts.set(key, newer ? { ...newer, message_delta: newer.message_delta + row.message_delta, at: newer.at > row.at ? newer.at : row.at } : row);
    }
    for (const [key, chat] of batch.chats) if (!chats.has(key)) chats.set(key, chat);
    messages = [...batch.messages, ...messages];
    receipts = [...batch.receipts, ...receipts];
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void flush(), RETRY_MS);
  }

  type Batch = { contacts: ContactTouchRow[]; chats: Map<string, TouchChat>; messages: JournalMessage[]; receipts: UpdateReceipt[] };

  async function write(batch: Batch) {
    // One transaction: an update counts as handled exactly when its contacts and messages are stored, and a failed
    // batch goes back to the buffer whole (nothing of it written twice).
    // (Contacts alone make a transaction too when their changes may be persisted as jobs beside them.)
    const contactStatements = batch.contacts.length === 0 ? 0 : options.contactTriggers ? 2 : 1;
    const kinds = new Set(batch.receipts.map((receipt) => receipt.kind)).size;
    const statements = contactStatements + (batch.messages.length > 0 ? 1 : 0) + kinds;
    if (batch.contacts.length > 0) await options.contactTriggers?.prepare([...new Set(batch.contacts.map((row) => row.bot_id))]);
    const { triggered, stored } = statements > 1 ? await inTransaction(sql, (tx) => writeAll(tx, batch)) : await writeAll(sql, batch);
    if (statements > 0) options.onWritten?.();
    if (stored.length > 0) options.onMessagesStored?.(stored);
    if (triggered > 0) options.contactTriggers?.committed();
  }

  async function writeAll(tx: Queryable, batch: Batch) {
    const changes = batch.contacts.length > 0 ? await upsertContacts(tx, batch.contacts) : [];
    const announced = changes.flatMap((change) => {
      const chat = batch.chats.get(`${change.botId}:${change.telegramId}`);
      return chat && !change.isBot ? [{ ...change, chat }] : [];
    });
    const triggered = announced.length > 0 && options.contactTriggers ? await options.contactTriggers.persist(tx, announced) : 0;
    const stored = batch.messages.length > 0 ? await writeMessages(tx, batch.messages) : [];
    const polled = batch.receipts.filter((receipt) => receipt.kind === 'polled');
    const queued = batch.receipts.filter((receipt) => receipt.kind === 'queued');
    if (polled.length > 0) await markPolledHandled(tx, groupReceipts(polled));
    if (queued.length > 0) await markQueuedHandled(tx, groupReceipts(queued));
    return { triggered, stored };
  }

  /** An update's held entries (and then its receipt) enter the buffer; anything it does later goes straight in. */
  function release(held: Held | undefined) {
    if (!held?.open) return;
    for (const touch of held.touches) applyTouch(...touch);
    messages.push(...held.messages);
    held.touches = [];
    held.messages = [];
  }

  function applyTouch(botId: string, user: User, at: Date, privateMessage: boolean, chat: TouchChat | undefined) {
    const key = `${botId}:${user.id}`;
    if (chat) chats.set(key, chat);
    const previous = contacts.get(key);
    contacts.set(key, {
      bot_id: botId,
      telegram_id: user.id,
      first_name: user.first_name,
      last_name: user.last_name ?? null,
      username: user.username ?? null,
      is_bot: user.is_bot,
      language_code: user.language_code ?? null,
      message_delta: (previous?.message_delta ?? 0) + (privateMessage ? 1 : 0),
      at: previous && previous.at > at.toISOString() ? previous.at : at.toISOString(),
    });
    schedule();
  }

  return {
    touch(botId: string, user: User, at: Date, privateMessage = false, chat?: TouchChat) {
      const held = holding.getStore();
      if (held?.open) held.touches.push([botId, user, at, privateMessage, chat]);
      else applyTouch(botId, user, at, privateMessage, chat);
    },
    record(message: JournalMessage) {
      const held = holding.getStore();
      if (held?.open) {
        held.messages.push(message);
        return;
      }
      messages.push(message);
      schedule();
    },
    /**
     * Handles one update: what it touches and records is held, then buffered with its receipt (one flush, one
     * transaction). The receipt is written whether the handling succeeded or threw: a failing update is not redone.
     * `queued`: the write of the update's own row (a polled batch is written while it is handled): its receipt is
     * buffered only once that row is stored; if it never is, what the update held is dropped with its receipt, since
     * whoever polls the batch again will redo it.
     */
    async handling<T>(receipt: UpdateReceipt, work: () => Promise<T>, queued?: Promise<unknown>): Promise<T> {
      const held: Held = { touches: [], messages: [], open: true };
      try {
        return await holding.run(held, work);
      } finally {
        if (await Promise.resolve(queued).then(() => true, () => false)) {
          release(held);
          receipts.push(receipt);
          schedule();
        }
        held.open = false;
      }
    },
    flush,
    /** Resolves once what is buffered now (receipts included) is stored by the next scheduled flush. */
    settle,
    async close() {
      await flush();
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      // A write a waiting poller started meanwhile ends before the pool does.
      await running;
    },
  };
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
