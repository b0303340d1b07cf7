/**
 * The contact journal's batch writes (contact-journal.ts). Contacts: ONE multi-row upsert that also answers which
 * contacts it created and which watchable fields (WATCH_FIELDS) it changed, so contact triggers (docs/decisions.md#d-flow-engine) need no extra read. The `before`
 * CTE sees the rows as they were when the statement started (one snapshot for the whole statement), which is what
 * makes "created" and "changed" exact without a second round trip. Unchanged contacts are not returned at all:
 * on the hot path (a known user messaging again) the answer is empty.
 */
import type { MessageButton, MessageType } from '@shared/messages/schemas.ts';
import type { WatchField } from '@shared/flows/node-configs.ts';
import type { Queryable } from '../../../db/client.ts';
import type { StoredMessage } from '../../../ports/stored-messages.ts';
import type { ContactChange } from '../../flow-engine/contact-triggers.ts';

export type ContactTouchRow = {
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

/** A contact as the upsert left it: the change contact triggers read, without its chat, whether it is a bot, its owner. */
export type UpsertedContact = Omit<ContactChange, 'chat'> & { isBot: boolean; userId: string; contactId: string };

type Row = Omit<UpsertedContact, 'telegramId' | 'changedFields'> & {
  telegramId: bigint;
  firstNameChanged: boolean;
  lastNameChanged: boolean;
  usernameChanged: boolean;
};

export async function upsertContacts(sql: Queryable, rows: ContactTouchRow[]): Promise<UpsertedContact[]> {
  const answer = await sql<Row[]>`
    with x as (
      select r.*, b.user_id from jsonb_to_recordset(${sql.json(rows)}) as r(
        bot_id uuid, telegram_id bigint, first_name text, last_name text, username text, is_bot boolean,
        language_code text, message_delta integer, at timestamptz)
      -- A bot deleted while its touches waited: the join skips them instead of failing the batch on the foreign key.
      join bots b on b.id = r.bot_id
    ),
    before as (
      select c.bot_id, c.telegram_id, c.first_name, c.last_name, c.username
      from contacts c join x on x.bot_id = c.bot_id and x.telegram_id = c.telegram_id
    ),
    written as (
      insert into contacts (bot_id, telegram_id, first_name, last_name, username, is_bot, language_code,
                            message_count, last_interaction_at)
      select x.bot_id, x.telegram_id, x.first_name, x.last_name, x.username, x.is_bot, x.language_code,
             x.message_delta, x.at
      from x
      -- This batch spans users: writing in owner order makes every flush take the per-user sync counters
      -- (migration 0400) in the same order, so two flushes cannot deadlock on them.
      order by x.user_id, x.bot_id, x.telegram_id
      on conflict (bot_id, telegram_id) do update set
        first_name = excluded.first_name, last_name = excluded.last_name, username = excluded.username,
        is_bot = excluded.is_bot, language_code = coalesce(excluded.language_code, contacts.language_code),
        message_count = contacts.message_count + excluded.message_count,
        last_interaction_at = greatest(contacts.last_interaction_at, excluded.last_interaction_at),
        -- A private message (or /start) means the user can hear from the bot again (migration 0530).
        blocked_at = case when excluded.message_count > 0 then null else contacts.blocked_at end,
        -- An imported contact who writes (or sends /start) now talks to the bot: broadcasts reach them (migration 0920).
        awaiting_start = contacts.awaiting_start and excluded.message_count = 0,
        updated_at = now()
      returning id, bot_id, user_id, telegram_id, first_name, last_name, username, phone_number, is_bot
    )
    select w.id as "contactId", w.bot_id as "botId", w.user_id as "userId", w.telegram_id as "telegramId", w.is_bot as "isBot", w.first_name as "firstName",
           w.last_name as "lastName", w.username, w.phone_number as "phoneNumber", b.bot_id is null as created,
           b.first_name is distinct from w.first_name as "firstNameChanged",
           b.last_name is distinct from w.last_name as "lastNameChanged",
           b.username is distinct from w.username as "usernameChanged"
    from written w left join before b on b.bot_id = w.bot_id and b.telegram_id = w.telegram_id
    where b.bot_id is null or b.first_name is distinct from w.first_name or b.last_name is distinct from w.last_name
       or b.username is distinct from w.username`;
  return answer.map(({ telegramId, firstNameChanged, lastNameChanged, usernameChanged, ...row }) => ({
    ...row,
    telegramId: Number(telegramId),
    changedFields: row.created ? [] : changedFields(firstNameChanged, lastNameChanged, usernameChanged),
  }));
}

/** Telegram updates carry names and username; phoneNumber changes come from the console (PUT /contacts). */
function changedFields(firstName: boolean, lastName: boolean, username: boolean): WatchField[] {
  const fields: WatchField[] = [];
  if (firstName) fields.push('firstName');
  if (lastName) fields.push('lastName');
  if (username) fields.push('username');
  return fields;
}

export type JournalMessage = {
  botId: string;
  telegramUserId: number;
  chatId: number;
  direction: 'in' | 'out';
  telegramMessageId: number | null;
  text: string | null;
  type: MessageType;
  /** Who made it (migration 0650): the contact for everything incoming, else the part of the bot that sent it. */
  source: 'contact' | 'flow' | 'welcome';
  /** A bot message's inline keyboard; null without one. */
  buttons: MessageButton[][] | null;
  payload: unknown;
  at: Date;
};

/**
 * Private messages and the contact's activity, in one statement; each finds its contact, written by the journal
 * just before. Activity is stored read: it never counts as unread (migration 0650).
 */
export function writeMessages(sql: Queryable, rows: JournalMessage[]) {
  const wire = rows.map((row, seq) => ({
    seq,
    bot_id: row.botId,
    telegram_user_id: row.telegramUserId,
    chat_id: row.chatId,
    direction: row.direction,
    telegram_message_id: row.telegramMessageId,
    text: row.text,
    type: row.type,
    source: row.source,
    buttons: row.buttons === null ? null : JSON.stringify(row.buttons),
    // Nested as text: the recordset column is cast back to jsonb in SQL.
    payload: JSON.stringify(row.payload ?? {}),
    at: row.at.toISOString(),
  }));
  return sql<(StoredMessage & { text: string | null })[]>`
    insert into messages (bot_id, contact_id, chat_id, direction, telegram_message_id, text, type, source, buttons, payload, created_at, read_at)
    select x.bot_id, c.id, x.chat_id, x.direction, x.telegram_message_id, x.text, x.type, x.source, x.buttons::jsonb, x.payload::jsonb, x.at,
           case when messages_is_activity(x.type) then x.at end
    from jsonb_to_recordset(${sql.json(wire)}) as x(
      bot_id uuid, telegram_user_id bigint, chat_id bigint, direction text, telegram_message_id bigint,
      text text, type text, source text, buttons text, payload text, at timestamptz, seq integer)
    join contacts c on c.bot_id = x.bot_id and c.telegram_id = x.telegram_user_id
    order by x.at, x.seq
    returning uid, user_id as "userId", bot_id as "botId", contact_id as "contactId", direction, type, text`;
}
