/**
 * What the contact journal holds between flushes (docs/decisions.md#d-contacts): contact touches merged per
 * (bot, user), the chat of each contact's latest touch, messages and update receipts, and the callers waiting for
 * the next flush. A flush takes it whole; a failed flush puts its batch back before what came meanwhile.
 */
import type { Chat, User } from 'grammy/types';
import type { ContactTouchRow, JournalMessage } from './contact-repository.ts';

/** Where a touch was seen: contact triggers run in that chat (docs/decisions.md#d-flow-engine, within the flow's contexts). */
export type TouchChat = Pick<Chat, 'id' | 'type'> & { title?: string | undefined };

/**
 * That an update was handled by `reader` (one ownership of the bot): `polled`, its id leaves its batch's pending ones
 * (polled_batches); `queued`, its webhook_updates row (taken by that reader) gets handled_at.
 */
export type UpdateReceipt = { kind: 'polled' | 'queued'; reader: string; botId: string; updateId: number };

export type JournalBatch = { contacts: ContactTouchRow[]; chats: Map<string, TouchChat>; messages: JournalMessage[]; receipts: UpdateReceipt[] };

export type FlushWaiter = { resolve(): void; reject(error: unknown): void };

export type JournalBuffer = ReturnType<typeof createJournalBuffer>;

export function createJournalBuffer() {
  let contacts = new Map<string, ContactTouchRow>();
  let chats = new Map<string, TouchChat>();
  let messages: JournalMessage[] = [];
  let receipts: UpdateReceipt[] = [];
  let waiters: FlushWaiter[] = [];
  return {
    size: () => contacts.size + messages.length + receipts.length,
    touch(botId: string, user: User, at: Date, privateMessage: boolean, chat: TouchChat | undefined) {
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
    },
    messages: (list: JournalMessage[]) => void messages.push(...list),
    receipt: (receipt: UpdateReceipt) => void receipts.push(receipt),
    wait: (waiter: FlushWaiter) => void waiters.push(waiter),
    /** Everything buffered, and the callers the flush that writes it settles. */
    take(): { batch: JournalBatch; settled: FlushWaiter[] } {
      const taken = { batch: { contacts: [...contacts.values()], chats, messages, receipts }, settled: waiters };
      contacts = new Map();
      chats = new Map();
      messages = [];
      receipts = [];
      waiters = [];
      return taken;
    },
    /** A failed batch back in the buffer, before what came meanwhile. */
    requeue(batch: JournalBatch) {
      for (const row of batch.contacts) {
        const key = `${row.bot_id}:${row.telegram_id}`;
        const newer = contacts.get(key);
        contacts.set(key, newer ? { ...newer, message_delta: newer.message_delta + row.message_delta, at: newer.at > row.at ? newer.at : row.at } : row);
      }
      for (const [key, chat] of batch.chats) if (!chats.has(key)) chats.set(key, chat);
      messages = [...batch.messages, ...messages];
      receipts = [...batch.receipts, ...receipts];
    },
  };
}
