/**
 * Queries of the bot runtime. They are keyed by bot id rather than user id: the runtime acts for one bot whose
 * owner is fixed, and no request (and so no user input) chooses the bot. API queries stay scoped by user id.
 */
import type { UserFromGetMe } from 'grammy/types';
import type { Queryable, Sql } from '../../../db/client.ts';
import type { BotRights } from '@shared/bots/schemas.ts';
import type { WelcomeMessage } from '@shared/welcome/schemas.ts';

export type RuntimeBotRow = {
  id: string;
  userId: string;
  telegramId: bigint;
  name: string;
  username: string;
  tokenEncrypted: string;
  botInfo: UserFromGetMe | null;
};

const botColumns = (sql: Sql) => sql`
  id, user_id as "userId", telegram_id as "telegramId", name, username,
  token_encrypted as "tokenEncrypted", bot_info as "botInfo"`;

export async function findActiveBot(sql: Sql, botId: string) {
  const rows = await sql<RuntimeBotRow[]>`select ${botColumns(sql)} from bots where id = ${botId} and is_active`;
  return rows[0];
}

/** Switches a bot off for a reason the bot screens show; answers the owner's id (for change notifications). */
export async function markInactive(sql: Sql, botId: string, reason: string) {
  const rows = await sql<{ userId: string }[]>`
    update bots set is_active = false, inactive_reason = ${reason}, updated_at = now()
    where id = ${botId} returning user_id as "userId"`;
  return rows[0]?.userId;
}

export type ChatFacts = { chatId: number; title: string; type: 'group' | 'supergroup' | 'channel'; username: string | null };

export async function upsertChannel(sql: Queryable, botId: string, chat: ChatFacts, rights: BotRights) {
  await sql`
    insert into channels (bot_id, chat_id, title, type, username, bot_rights)
    values (${botId}, ${chat.chatId}, ${chat.title}, ${chat.type}, ${chat.username}, ${sql.json(rights)})
    on conflict (bot_id, chat_id) do update
      set title = excluded.title, type = excluded.type, username = excluded.username,
          bot_rights = excluded.bot_rights, updated_at = now()`;
}

export async function deleteChannel(sql: Queryable, botId: string, chatId: number) {
  await sql`delete from channels where bot_id = ${botId} and chat_id = ${chatId}`;
}

/**
 * A group became a supergroup: the record (and its welcome message) moves to the new chat id. When the new id is
 * already known (its my_chat_member arrived first), the old record is the duplicate and goes.
 */
export async function migrateChannel(sql: Queryable, botId: string, fromChatId: number, toChatId: number) {
  // One statement, no transaction: on the embedded database an open transaction stalls (and can confuse) every
  // other connection. The delete runs only when the update moved nothing.
  await sql`
    with moved as (
      update channels set chat_id = ${toChatId}, type = 'supergroup', updated_at = now()
      where bot_id = ${botId} and chat_id = ${fromChatId}
        and not exists (select 1 from channels where bot_id = ${botId} and chat_id = ${toChatId})
      returning id)
    delete from channels
    where bot_id = ${botId} and chat_id = ${fromChatId} and not exists (select 1 from moved)`;
}

export type ChannelConfig = {
  channelId: string;
  title: string;
  type: 'group' | 'supergroup' | 'channel';
  welcome: WelcomeMessage | null;
};

type ConfigRow = {
  channelId: string;
  title: string;
  type: ChannelConfig['type'];
  message: string | null;
  enabled: boolean | null;
  triggerOn: WelcomeMessage['triggerOn'] | null;
  autoApprove: boolean | null;
  sendToPrivate: boolean | null;
  buttons: WelcomeMessage['buttons'] | null;
};

/** What the welcome feature needs about a chat, in one round trip (cached by the caller). */
export async function loadChannelConfig(sql: Sql, botId: string, chatId: number): Promise<ChannelConfig | undefined> {
  const rows = await sql<ConfigRow[]>`
    select c.id as "channelId", c.title, c.type, w.message, w.enabled, w.trigger_on as "triggerOn",
           w.auto_approve as "autoApprove", w.send_to_private as "sendToPrivate", w.buttons
    from channels c left join welcome_messages w on w.channel_id = c.id
    where c.bot_id = ${botId} and c.chat_id = ${chatId}`;
  const row = rows[0];
  if (!row) return undefined;
  const welcome: WelcomeMessage | null =
    row.message === null || row.triggerOn === null
      ? null
      : {
          message: row.message,
          enabled: row.enabled === true,
          triggerOn: row.triggerOn,
          autoApprove: row.autoApprove === true,
          sendToPrivate: row.sendToPrivate === true,
          buttons: row.buttons ?? [],
        };
  return { channelId: row.channelId, title: row.title, type: row.type, welcome };
}

export type DeliveryFailure = {
  botId: string;
  channelId: string | null;
  telegramUserId: number;
  purpose: 'welcome';
  errorCode: number | null;
  description: string;
};

export async function recordDeliveryFailure(sql: Sql, failure: DeliveryFailure) {
  await sql`
    insert into delivery_failures (bot_id, channel_id, telegram_user_id, purpose, error_code, description)
    values (${failure.botId}, ${failure.channelId}, ${failure.telegramUserId}, ${failure.purpose},
            ${failure.errorCode}, ${failure.description})`;
}

/** The cheapest round trip: does the database answer? */
export async function probeDatabase(sql: Sql): Promise<void> {
  await sql`select 1`;
}
