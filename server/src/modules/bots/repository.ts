/** Bot and channel queries, always scoped by the owner's user id (decisions §1). */
import type { Sql } from '../../db/client.ts';

export type BotRow = {
  id: string;
  name: string;
  username: string;
  isActive: boolean;
  inactiveReason: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type ChannelRow = { id: string; botId: string; chatId: bigint; title: string; type: string };

export function listBots(sql: Sql, userId: string) {
  return sql<BotRow[]>`
    select id, name, username, is_active as "isActive", inactive_reason as "inactiveReason",
           created_at as "createdAt", updated_at as "updatedAt"
    from bots where user_id = ${userId}
    order by created_at desc, id`;
}

export async function findBot(sql: Sql, userId: string, botId: string) {
  const rows = await sql<BotRow[]>`
    select id, name, username, is_active as "isActive", inactive_reason as "inactiveReason",
           created_at as "createdAt", updated_at as "updatedAt"
    from bots where id = ${botId} and user_id = ${userId}`;
  return rows[0];
}

export function listChannels(sql: Sql, userId: string, botId: string) {
  return sql<ChannelRow[]>`
    select c.id, c.bot_id as "botId", c.chat_id as "chatId", c.title, c.type
    from channels c join bots b on b.id = c.bot_id
    where c.bot_id = ${botId} and b.user_id = ${userId}
    order by c.title, c.id`;
}
