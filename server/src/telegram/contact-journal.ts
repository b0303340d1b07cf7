/**
 * Write-behind journal for contacts and private messages (decisions §6).
 *
 * Why buffered: every update from a user touches its contact, which would be one write per update on the hot path
 * (a join, then its welcome). Instead updates are merged in memory per (bot, user) and written every few
 * milliseconds as ONE multi-row upsert plus ONE multi-row message insert, each a single prepared statement fed
 * with a JSON array. Contacts are written before messages so a message always finds its contact.
 * The price: a crash loses at most one flush interval of contact touches; stop() flushes what is pending.
 */
import type { User } from 'grammy/types';
import type { Sql } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';

export type JournalMessage = {
  botId: string;
  telegramUserId: number;
  chatId: number;
  direction: 'in' | 'out';
  telegramMessageId: number | null;
  text: string | null;
  payload: unknown;
  at: Date;
};

type ContactTouch = {
  bot_id: string;
  telegram_id: number;
  first_name: string;
  last_name: string | null;
  username: string | null;
  is_bot: boolean;
  language_code: string | null;
  message_delta: number;
  at: string;
};

export type ContactJournal = ReturnType<typeof createContactJournal>;

export function createContactJournal(sql: Sql, logger: Logger, options: { flushDelayMs?: number; maxPending?: number } = {}) {
  const flushDelay = options.flushDelayMs ?? 20;
  const maxPending = options.maxPending ?? 1000;
  let contacts = new Map<string, ContactTouch>();
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
    const batch = { contacts: [...contacts.values()], messages };
    contacts = new Map();
    messages = [];
    running = running.then(() => write(batch)).catch((error: unknown) => {
      logger.error('falha ao gravar contatos e mensagens', { error, contacts: batch.contacts.length, messages: batch.messages.length });
    });
    return running;
  }

  async function write(batch: { contacts: ContactTouch[]; messages: JournalMessage[] }) {
    if (batch.contacts.length > 0) await writeContacts(sql, batch.contacts);
    if (batch.messages.length > 0) await writeMessages(sql, batch.messages);
  }

  return {
    touch(botId: string, user: User, at: Date, privateMessage = false) {
      const key = `${botId}:${user.id}`;
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

function writeContacts(sql: Sql, rows: ContactTouch[]) {
  return sql`
    insert into contacts (bot_id, telegram_id, first_name, last_name, username, is_bot, language_code,
                          message_count, last_interaction_at)
    select x.bot_id, x.telegram_id, x.first_name, x.last_name, x.username, x.is_bot, x.language_code,
           x.message_delta, x.at
    from jsonb_to_recordset(${sql.json(rows)}) as x(
      bot_id uuid, telegram_id bigint, first_name text, last_name text, username text, is_bot boolean,
      language_code text, message_delta integer, at timestamptz)
    -- The join skips touches of a bot deleted while they waited instead of failing the whole batch on the foreign
    -- key. The order matters: this batch spans users, and ordering by owner makes every flush take the per-user sync
    -- counters (migration 0400) in the same order, so two flushes cannot deadlock on them.
    join bots b on b.id = x.bot_id
    order by b.user_id, x.bot_id, x.telegram_id
    on conflict (bot_id, telegram_id) do update set
      first_name = excluded.first_name, last_name = excluded.last_name, username = excluded.username,
      is_bot = excluded.is_bot, language_code = coalesce(excluded.language_code, contacts.language_code),
      message_count = contacts.message_count + excluded.message_count,
      last_interaction_at = greatest(contacts.last_interaction_at, excluded.last_interaction_at),
      updated_at = now()`;
}

function writeMessages(sql: Sql, rows: JournalMessage[]) {
  const wire = rows.map((row, seq) => ({
    seq,
    bot_id: row.botId,
    telegram_user_id: row.telegramUserId,
    chat_id: row.chatId,
    direction: row.direction,
    telegram_message_id: row.telegramMessageId,
    text: row.text,
    // Nested as text: the recordset column is cast back to jsonb in SQL.
    payload: JSON.stringify(row.payload ?? {}),
    at: row.at.toISOString(),
  }));
  return sql`
    insert into messages (bot_id, contact_id, chat_id, direction, telegram_message_id, text, payload, created_at)
    select x.bot_id, c.id, x.chat_id, x.direction, x.telegram_message_id, x.text, x.payload::jsonb, x.at
    from jsonb_to_recordset(${sql.json(wire)}) as x(
      bot_id uuid, telegram_user_id bigint, chat_id bigint, direction text, telegram_message_id bigint,
      text text, payload text, at timestamptz, seq integer)
    join contacts c on c.bot_id = x.bot_id and c.telegram_id = x.telegram_user_id
    order by x.at, x.seq`;
}
