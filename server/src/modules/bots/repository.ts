/** Bot and channel queries, always scoped by the owner's user id (docs/decisions.md#d-api-conventions). */
import type { UserFromGetMe } from 'grammy/types';
import type { Queryable } from '../../db/client.ts';
import { notTrashedBot } from '../../db/live-bots.ts';
import type { BotRights } from '@shared/bots/schemas.ts';

export type BotRow = {
  id: string;
  name: string;
  username: string;
  telegramId: bigint;
  isActive: boolean;
  inactiveReason: string | null;
  broadcastRate: number;
  createdAt: Date;
  updatedAt: Date;
};

export type ChannelRow = {
  id: string;
  botId: string;
  chatId: bigint;
  title: string;
  type: string;
  username: string | null;
  botRights: BotRights | null;
};

const botColumns = (sql: Queryable) => sql`
  id, name, username, telegram_id as "telegramId", is_active as "isActive", inactive_reason as "inactiveReason",
  broadcast_rate as "broadcastRate", created_at as "createdAt", updated_at as "updatedAt"`;

const channelColumns = (sql: Queryable) => sql`
  c.id, c.bot_id as "botId", c.chat_id as "chatId", c.title, c.type, c.username, c.bot_rights as "botRights"`;

export function listBots(sql: Queryable, userId: string) {
  return sql<BotRow[]>`select ${botColumns(sql)} from bots where user_id = ${userId} and deleted_at is null order by created_at desc, id`;
}

export async function findBot(sql: Queryable, userId: string, botId: string) {
  const rows = await sql<BotRow[]>`select ${botColumns(sql)} from bots where id = ${botId} and user_id = ${userId} and deleted_at is null`;
  return rows[0];
}

/**
 * Who registered this Telegram bot already, if anyone, and whether it is in their trash: one process must own a
 * bot's updates (a second poller gets 409), so a bot cannot be registered twice even under two accounts. Both the token hash and the bot's
 * Telegram id are checked: a re-issued token of the same bot has a new hash but the same id.
 */
export async function findRegistered(sql: Queryable, tokenHash: string, telegramId: number) {
  const rows = await sql<{ userId: string; trashed: boolean }[]>`
    select user_id as "userId", deleted_at is not null as trashed from bots
    where token_hash = ${tokenHash} or telegram_id = ${telegramId} limit 1`;
  return rows[0];
}

export type NewBot = { userId: string; me: UserFromGetMe; tokenEncrypted: string; tokenHash: string };

/** Answers undefined when a concurrent registration of the same token won the unique index. */
export async function insertBot(sql: Queryable, bot: NewBot) {
  const rows = await sql<BotRow[]>`
    insert into bots (user_id, telegram_id, name, username, token_encrypted, token_hash, bot_info)
    values (${bot.userId}, ${bot.me.id}, ${bot.me.first_name}, ${bot.me.username}, ${bot.tokenEncrypted},
            ${bot.tokenHash}, ${sql.json(JSON.parse(JSON.stringify(bot.me)))})
    on conflict (token_hash) do nothing
    returning ${botColumns(sql)}`;
  return rows[0];
}

export async function setActive(sql: Queryable, userId: string, botId: string, isActive: boolean) {
  const rows = await sql<BotRow[]>`
    update bots set is_active = ${isActive}, updated_at = now(),
                    inactive_reason = case when ${isActive} then null else inactive_reason end
    where id = ${botId} and user_id = ${userId} and deleted_at is null
    returning ${botColumns(sql)}`;
  return rows[0];
}

/** The broadcast engine reads it on every poll (docs/decisions.md#broadcast-delivery): no restart needed. */
export async function setBroadcastRate(sql: Queryable, userId: string, botId: string, rate: number) {
  const rows = await sql<BotRow[]>`
    update bots set broadcast_rate = ${rate}, updated_at = now()
    where id = ${botId} and user_id = ${userId} and deleted_at is null
    returning ${botColumns(sql)}`;
  return rows[0];
}

export async function findToken(sql: Queryable, userId: string, botId: string) {
  const rows = await sql<{ tokenEncrypted: string }[]>`
    select token_encrypted as "tokenEncrypted" from bots where id = ${botId} and user_id = ${userId} and deleted_at is null`;
  return rows[0]?.tokenEncrypted;
}

export function listChannels(sql: Queryable, userId: string, botId: string) {
  return sql<ChannelRow[]>`
    select ${channelColumns(sql)}
    from channels c join bots b on b.id = c.bot_id
    where c.bot_id = ${botId} and b.user_id = ${userId} and b.deleted_at is null
    order by c.title, c.id`;
}

export async function findChannel(sql: Queryable, userId: string, channelId: string) {
  const rows = await sql<ChannelRow[]>`
    select ${channelColumns(sql)}
    from channels c join bots b on b.id = c.bot_id
    where c.id = ${channelId} and b.user_id = ${userId} and b.deleted_at is null`;
  return rows[0];
}

/** The user's bots among `ids` (offline sync pull: rows changed since a cursor). */
export function findBotsByIds(sql: Queryable, userId: string, ids: string[]) {
  return sql<BotRow[]>`select ${botColumns(sql)} from bots where user_id = ${userId} and id = any(${ids}::uuid[]) and deleted_at is null`;
}

export function findChannelsByIds(sql: Queryable, userId: string, ids: string[]) {
  return sql<ChannelRow[]>`
    select ${channelColumns(sql)} from channels c
    where c.user_id = ${userId} and c.id = any(${ids}::uuid[]) and ${notTrashedBot(sql, userId, 'c.bot_id')}`;
}
