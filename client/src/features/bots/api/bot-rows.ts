/**
 * The bot screens read the local cache (offline-first): the list, one bot, and its channels. `null` means the
 * cache has been filled and the bot is not there (gone, or never this user's).
 */
import type { Bot, Channel } from '@shared/bots/schemas.ts';
import { useCached } from '../../../offline/hooks.ts';

/** The server's order: newest first. */
const byNewest = (a: Bot, b: Bot) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id);
/** The server's order: by chat title. */
const byTitle = (a: Channel, b: Channel) => a.channelName.localeCompare(b.channelName, 'pt-BR') || a.id.localeCompare(b.id);

export function useBots(): Bot[] | undefined {
  return useCached(async (db) => (await db.bots.toArray()).sort(byNewest), []);
}

export function useBot(botId: string): Bot | null | undefined {
  return useCached(async (db) => (await db.bots.get(botId)) ?? null, [botId]);
}

export function useBotChannels(botId: string): Channel[] | undefined {
  return useCached(async (db) => (await db.channels.where('botId').equals(botId).toArray()).sort(byTitle), [botId]);
}

/** How many groups and channels the bot administers (the bot card says it, so a bot in no chat stands out). */
export function useBotChatCount(botId: string): number | undefined {
  return useCached((db) => db.channels.where('botId').equals(botId).count(), [botId]);
}
