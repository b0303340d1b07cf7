import type { Sql } from '../../db/client.ts';
import { botSchema, channelSchema, type Bot, type Channel } from '../../../../shared/bots/schemas.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import * as repo from './repository.ts';

export type BotsDeps = { sql: Sql };

/** Rows go through the shared schema so a drift between database and contract fails here, not in the client. */
export const toBot = (row: repo.BotRow): Bot =>
  botSchema.parse({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

export const toChannel = (row: repo.ChannelRow): Channel =>
  channelSchema.parse({
    id: row.id,
    botId: row.botId,
    channelId: row.chatId.toString(),
    channelName: row.title,
    channelType: row.type,
  });

export async function listBots(deps: BotsDeps, userId: string): Promise<Bot[]> {
  return (await repo.listBots(deps.sql, userId)).map(toBot);
}

/** Another user's bot answers exactly like a missing one: never reveal that it exists. */
export async function getBot(deps: BotsDeps, userId: string, botId: string): Promise<Bot> {
  const row = isUuid(botId) ? await repo.findBot(deps.sql, userId, botId) : undefined;
  if (!row) throw notFound();
  return toBot(row);
}

export async function listChannels(deps: BotsDeps, userId: string, botId: string): Promise<Channel[]> {
  await getBot(deps, userId, botId);
  return (await repo.listChannels(deps.sql, userId, botId)).map(toChannel);
}
