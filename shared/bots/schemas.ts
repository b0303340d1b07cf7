import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';

/** A bot as every endpoint returns it. The token is write-only: it is never part of this shape. */
export const botSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  isActive: z.boolean(),
  /** Why the bot was switched off by the server (e.g. Telegram rejected the token); null when none. */
  inactiveReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const CHANNEL_TYPES = ['group', 'supergroup', 'channel'] as const;

export const channelSchema = z.object({
  id: z.string(),
  botId: z.string(),
  /** Telegram chat id, as a string: chat ids exceed 2^53 only in theory, but keep them exact. */
  channelId: z.string(),
  channelName: z.string(),
  channelType: z.enum(CHANNEL_TYPES),
});

export const botsResponseSchema = successEnvelope(z.object({ bots: z.array(botSchema) }));
export const botResponseSchema = successEnvelope(z.object({ bot: botSchema }));
export const channelsResponseSchema = successEnvelope(z.object({ channels: z.array(channelSchema) }));

export type Bot = z.infer<typeof botSchema>;
export type Channel = z.infer<typeof channelSchema>;

export const BOT_TEXTS = { tokenEmpty: 'Token não pode ser vazio' } as const;

export const createBotInputSchema = z.object({
  token: z.string({ error: BOT_TEXTS.tokenEmpty }).trim().min(1, { error: BOT_TEXTS.tokenEmpty }),
});

export const updateBotInputSchema = z.object({ isActive: z.boolean() });

export type CreateBotInput = z.infer<typeof createBotInputSchema>;
