/**
 * Write-behind journal for contacts and private messages (docs/decisions.md#d-contacts).
 *
 * Why buffered: every update from a user touches its contact, which would be one write per update on the hot path
 * (a join, then its welcome). Instead updates are merged in memory per (bot, user) and written every few
 * milliseconds as ONE multi-row upsert plus ONE multi-row message insert, each a single prepared statement fed
 * with a JSON array. Contacts are written before messages so a message always finds its contact.
 * The price: a crash loses at most one flush interval of contact touches; stop() flushes what is pending.
 * The upsert also tells which contacts were created or changed: those feed the contact triggers (docs/decisions.md#d-flow-engine),
 * so a new contact's flow starts one flush interval after its first update.
 */
import type { Chat, User } from 'grammy/types';
import type { Sql } from '../../db/client.ts';
import type { ContactChange } from '../flow-engine/contact-triggers.ts';
import type { Logger } from '../../lib/logger.ts';
import { upsertContacts, writeMessages, type ContactTouchRow, type JournalMessage, type StoredMessage } from './contact-repository.ts';

export type { JournalMessage, StoredMessage };

/** Where a touch was seen: contact triggers run in that chat (docs/decisions.md#d-flow-engine, within the flow's contexts). */
export type TouchChat = Pick<Chat, 'id' | 'type'> & { title?: string | undefined };

export type JournalOptions = {
  flushDelayMs?: number;
  maxPending?: number;
  /** Contacts a flush created or whose watchable fields it changed, with the chat of their latest touch. */
  onContactChanges?(changes: ContactChange[]): void;
  /** Messages a flush stored (incoming and outgoing), after their commit: live screens and, later, web push. */
  onMessagesStored?(messages: StoredMessage[]): void;
};

export type ContactJournal = ReturnType<typeof createContactJournal>;

export function createContactJournal(sql: Sql, logger: Logger, options: JournalOptions = {}) {
  const flushDelay = options.flushDelayMs ?? 20;
  const maxPending = options.maxPending ?? 1000;
  let contacts = new Map<string, ContactTouchRow>();
  let chats = new Map<string, TouchChat>();
  let messages: JournalMessage[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();

  const schedule = () => {
    if (contacts.size + messages.length >= maxPending) void flush();
    else timer ??= setTimeout(() => void flush(), flushDelay);
  };

  /** Serialised: one flush at a time, so a later flush never overtakes an earlier one. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = { contacts: [...contacts.values()], chats, messages };
    contacts = new Map();
    chats = new Map();
    messages = [];
    running = running.then(() => write(batch)).catch((error: unknown) => {
      logger.error('falha ao gravar contatos e mensagens', { error, contacts: batch.contacts.length, messages: batch.messages.length });
    });
    return running;
  }

  async function write(batch: { contacts: ContactTouchRow[]; chats: Map<string, TouchChat>; messages: JournalMessage[] }) {
    const changes = batch.contacts.length > 0 ? await upsertContacts(sql, batch.contacts) : [];
    if (batch.messages.length > 0) {
      const stored = await writeMessages(sql, batch.messages);
      if (stored.length > 0) options.onMessagesStored?.(stored);
    }
    // After the messages: a flow started by the change finds the contact and its first message stored.
    const announced = changes.flatMap((change) => {
      const chat = batch.chats.get(`${change.botId}:${change.telegramId}`);
      return chat && !change.isBot ? [{ ...change, chat }] : [];
    });
    if (announced.length > 0) options.onContactChanges?.(announced);
  }

  return {
    touch(botId: string, user: User, at: Date, privateMessage = false, chat?: TouchChat) {
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
    },
    record(message: JournalMessage) {
      messages.push(message);
      schedule();
    },
    flush,
    async close() {
      await flush();
    },
  };
}
