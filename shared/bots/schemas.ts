import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';
import { isolateText } from '../text/invisible.ts';

/** A bot as every endpoint returns it. The token is write-only: it is never part of this shape. */
export const botSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  isActive: z.boolean(),
  /** Why the bot was switched off by the server (e.g. Telegram rejected the token); null when none. */
  inactiveReason: z.string().nullable(),
  /** The bot's own Telegram user id ("bot ID" on the details screen), as a string like every Telegram id. */
  telegramId: z.string().optional(),
  /** Messages a second this bot's broadcasts are sent at (docs/decisions.md#broadcast-delivery); default 30. */
  broadcastRate: z.number().int().default(30),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const CHANNEL_TYPES = ['group', 'supergroup', 'channel'] as const;

/** The administrator rights the bot holds in a chat; only the ones the product relies on are named. */
export const botRightsSchema = z.object({
  canInviteUsers: z.boolean(),
  canPostMessages: z.boolean().nullable(),
  canDeleteMessages: z.boolean(),
  canRestrictMembers: z.boolean(),
});

export const channelSchema = z.object({
  id: z.string(),
  botId: z.string(),
  /** Telegram chat id, as a string: chat ids exceed 2^53 only in theory, but keep them exact. */
  channelId: z.string(),
  channelName: z.string(),
  channelType: z.enum(CHANNEL_TYPES),
  /** Null until known (rows learned before rights were recorded). Join requests need canInviteUsers. */
  botRights: botRightsSchema.nullable().optional(),
  /** Public @username of the chat, when it has one. */
  username: z.string().nullable().optional(),
});

export const botsResponseSchema = successEnvelope(z.object({ bots: z.array(botSchema) }));
export const botResponseSchema = successEnvelope(z.object({ bot: botSchema }));
export const channelsResponseSchema = successEnvelope(z.object({ channels: z.array(channelSchema) }));
/** GET /channels/{id}: the channel screen needs its bot too (name in the header, Voltar to /bots/{botId}). */
export const channelResponseSchema = successEnvelope(z.object({ channel: channelSchema, bot: botSchema }));

export type Bot = z.infer<typeof botSchema>;
export type Channel = z.infer<typeof channelSchema>;
export type BotRights = z.infer<typeof botRightsSchema>;

/** Telegram lets a bot send about 30 messages a second; paid broadcasts allow up to 1 000 (bots.broadcast_rate). */
export const BROADCAST_RATE = { min: 1, max: 1000, default: 30 } as const;

export const BOT_TEXTS = {
  tokenEmpty: 'Token não pode ser vazio',
  /** The token cannot be one: it is not `<bot id>:<secret>`. Said before asking Telegram (docs/decisions.md#d-bots-channels). */
  tokenMalformed: 'Formato de token inválido: copie o token inteiro que o @BotFather enviou (ex.: 123456789:AAH…)',
  deactivateTitle: 'Desativar bot',
  deactivateQuestion: (name: string) => `Desativar ${isolateText(name)}? O bot para de responder no Telegram: fluxos, boas-vindas e disparos deste bot param até você ativá-lo de novo.`,
  broadcastRateLabel: 'Velocidade de disparo (mensagens por segundo)',
  broadcastRateHint: 'O Telegram permite cerca de 30 mensagens por segundo; com os disparos pagos do Telegram (paid broadcasts), até 1000 por segundo.',
  broadcastRateInvalid: 'Informe um número inteiro de mensagens por segundo',
  broadcastRateRange: `A velocidade deve ficar entre ${BROADCAST_RATE.min} e ${BROADCAST_RATE.max} mensagens por segundo`,
  updateNothing: 'Informe isActive ou broadcastRate',
} as const;

export const broadcastRateSchema = z
  .number({ error: BOT_TEXTS.broadcastRateInvalid })
  .int({ error: BOT_TEXTS.broadcastRateInvalid })
  .min(BROADCAST_RATE.min, { error: BOT_TEXTS.broadcastRateRange })
  .max(BROADCAST_RATE.max, { error: BOT_TEXTS.broadcastRateRange });

/** Telegram tokens look like `<bot id>:<secret>`; anything else cannot be valid and is not worth a request. */
export const BOT_TOKEN_SHAPE = /^\d{1,20}:[A-Za-z0-9_-]{1,200}$/;

export const createBotInputSchema = z.object({
  token: storableString({ error: BOT_TEXTS.tokenEmpty })
    .trim()
    .min(1, { error: BOT_TEXTS.tokenEmpty })
    .max(256, { error: BOT_TEXTS.tokenMalformed })
    .regex(BOT_TOKEN_SHAPE, { error: BOT_TEXTS.tokenMalformed }),
});

/** PATCH /bots/{id}: switch it on or off, and/or its broadcast rate; at least one of them. */
export const updateBotInputSchema = z
  .object({
    isActive: z.boolean({ error: 'isActive deve ser verdadeiro ou falso' }).optional(),
    broadcastRate: broadcastRateSchema.optional(),
  })
  .refine((input) => input.isActive !== undefined || input.broadcastRate !== undefined, { error: BOT_TEXTS.updateNothing });

export type CreateBotInput = z.infer<typeof createBotInputSchema>;
export type UpdateBotInput = z.infer<typeof updateBotInputSchema>;
