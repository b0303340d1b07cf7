/**
 * What an update touches and records while it is handled is held (docs/decisions.md#scale-out "No update lost"):
 * its incoming message, the replies the outbound recorder sees. Once it is done, all of it and the update's receipt
 * enter the journal's buffer together, so one flush writes them in one transaction.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { User } from 'grammy/types';
import type { JournalMessage } from './contact-repository.ts';
import type { JournalBuffer, TouchChat, UpdateReceipt } from './journal-buffer.ts';

type Touch = [botId: string, user: User, at: Date, privateMessage: boolean, chat: TouchChat | undefined];
/** What one update touched and recorded while it was handled, released with its receipt. */
type Held = { touches: Touch[]; messages: JournalMessage[]; open: boolean };

/** `schedule`: something entered the buffer, a flush is due. */
export function createUpdateHolds(buffer: JournalBuffer, schedule: () => void) {
  const holding = new AsyncLocalStorage<Held>();

  /** An update's held entries (and then its receipt) enter the buffer; anything it does later goes straight in. */
  function release(held: Held | undefined) {
    if (!held?.open) return;
    const { touches, messages } = held;
    held.touches = [];
    held.messages = [];
    for (const touch of touches) buffer.touch(...touch);
    buffer.messages(messages);
    if (touches.length > 0) schedule();
  }

  return {
    /** A flush was asked for while an update is handled (the funnel join needs its contact now): what it holds goes too. */
    releaseCurrent: () => release(holding.getStore()),
    /** False when no update being handled holds it: the caller buffers it. */
    heldTouch(touch: Touch): boolean {
      const held = holding.getStore();
      if (held?.open) held.touches.push(touch);
      return held?.open === true;
    },
    heldMessage(message: JournalMessage): boolean {
      const held = holding.getStore();
      if (held?.open) held.messages.push(message);
      return held?.open === true;
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
          buffer.receipt(receipt);
          schedule();
        }
        held.open = false;
      }
    },
  };
}
