/**
 * The channel screen reads the local cache: the channel record, its bot and its welcome message. `null` means the
 * cache is filled and has no such channel; a channel without a saved message gets docs/product.md#entity-welcome's defaults.
 */
import type { Bot, Channel } from '@shared/bots/schemas.ts';
import { DEFAULT_WELCOME, welcomeMessageSchema, type WelcomeMessage } from '@shared/welcome/schemas.ts';
import { useCached } from '../../../offline/hooks.ts';

export type ChannelWithBot = { channel: Channel; bot: Bot | undefined };

export function useChannel(channelId: string): ChannelWithBot | null | undefined {
  return useCached(async (db) => {
    const channel = await db.channels.get(channelId);
    return channel ? { channel, bot: await db.bots.get(channel.botId) } : null;
  }, [channelId]);
}

export function useWelcome(channelId: string): WelcomeMessage | undefined {
  return useCached(async (db) => {
    const row = await db.welcomeMessages.get(channelId);
    // The cached row also carries channelId/botId; the form wants the message shape only.
    return row ? welcomeMessageSchema.parse(row) : DEFAULT_WELCOME;
  }, [channelId]);
}
