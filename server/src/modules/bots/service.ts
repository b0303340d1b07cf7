import type { Queryable } from '../../db/client.ts';
import { botSchema, channelSchema, type Bot, type Channel, type UpdateBotInput } from '@shared/bots/schemas.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { decryptSecret, encryptSecret, sha256Hex } from '../../lib/crypto.ts';
import { isUuid } from '../../lib/ids.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import * as repo from './repository.ts';

export type BotsDeps = { sql: Queryable; runtime: BotRuntime; encryptionKey: Uint8Array };

/** Rows go through the shared schema so a drift between database and contract fails here, not in the client. */
export const toBot = (row: repo.BotRow): Bot =>
  botSchema.parse({
    ...row,
    telegramId: row.telegramId.toString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

export const toChannel = (row: repo.ChannelRow): Channel =>
  channelSchema.parse({
    id: row.id,
    botId: row.botId,
    channelId: row.chatId.toString(),
    channelName: row.title,
    channelType: row.type,
    username: row.username,
    botRights: row.botRights,
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

/** POST /bots (docs/decisions.md#d-bots-channels): getMe first, then the duplicate check, then the encrypted row, then the runtime. */
export async function createBot(deps: BotsDeps, userId: string, token: string): Promise<Bot> {
  const check = await deps.runtime.checkToken(token);
  if (check.status === 'invalid') throw new AppError('BOT_TOKEN_INVALID', 400);
  if (check.status === 'unreachable') throw new AppError('TELEGRAM_UNREACHABLE', 502);
  const tokenHash = sha256Hex(token);
  const registered = await repo.findRegistered(deps.sql, tokenHash, check.me.id);
  // Only its owner learns that it is in the trash; to anyone else it is registered (docs/decisions.md#bot-trash).
  if (registered?.trashed && registered.userId === userId) throw new AppError('BOT_IN_TRASH', 409);
  if (registered) throw new AppError('BOT_ALREADY_REGISTERED', 409);
  const row = await repo.insertBot(deps.sql, {
    userId,
    me: check.me,
    tokenEncrypted: encryptSecret(token, deps.encryptionKey),
    tokenHash,
  });
  if (!row) throw new AppError('BOT_ALREADY_REGISTERED', 409);
  await deps.runtime.start(row.id);
  return toBot(row);
}

/** The fixed defect of docs/product.md#state-bot-active: the state is persisted and the bot's update processing follows it. */
export async function setBotActive(deps: BotsDeps, userId: string, botId: string, isActive: boolean): Promise<Bot> {
  const row = isUuid(botId) ? await repo.setActive(deps.sql, userId, botId, isActive) : undefined;
  if (!row) throw notFound();
  if (isActive) await deps.runtime.start(botId);
  else await deps.runtime.stop(botId, { forget: true });
  return toBot(row);
}

/** Messages a second for the bot's broadcasts (1–1 000, checked by the shared schema and the column); a sending broadcast follows it within a poll. */
export async function setBroadcastRate(deps: BotsDeps, userId: string, botId: string, rate: number): Promise<Bot> {
  const row = isUuid(botId) ? await repo.setBroadcastRate(deps.sql, userId, botId, rate) : undefined;
  if (!row) throw notFound();
  return toBot(row);
}

/** PATCH /bots/{id}: the rate first (a plain write), then the state, whose switch starts or stops the bot. */
export async function updateBot(deps: BotsDeps, userId: string, botId: string, input: UpdateBotInput): Promise<Bot> {
  let bot = input.broadcastRate === undefined ? undefined : await setBroadcastRate(deps, userId, botId, input.broadcastRate);
  if (input.isActive !== undefined) bot = await setBotActive(deps, userId, botId, input.isActive);
  return bot ?? getBot(deps, userId, botId);
}

export async function listChannels(deps: BotsDeps, userId: string, botId: string): Promise<Channel[]> {
  await getBot(deps, userId, botId);
  return (await repo.listChannels(deps.sql, userId, botId)).map(toChannel);
}

/** Sincronizar: refresh the inventory from Telegram, then answer it like GET /bots/{id}/channels. */
export async function syncBotChannels(deps: BotsDeps, userId: string, botId: string): Promise<Channel[]> {
  const bot = await getBot(deps, userId, botId);
  const tokenEncrypted = await repo.findToken(deps.sql, userId, botId);
  if (!tokenEncrypted) throw notFound();
  const channels = await repo.listChannels(deps.sql, userId, botId);
  const outcome = await deps.runtime.syncChannels({
    token: decryptSecret(tokenEncrypted, deps.encryptionKey),
    botId,
    botTelegramId: Number(bot.telegramId),
    chatIds: channels.map((channel) => Number(channel.chatId)),
  });
  deps.runtime.invalidate(botId);
  if (outcome.status === 'unauthorized') throw new AppError('BOT_TOKEN_REJECTED', 422);
  if (outcome.status === 'unreachable') throw new AppError('TELEGRAM_SYNC_FAILED', 502);
  return (await repo.listChannels(deps.sql, userId, botId)).map(toChannel);
}

export async function getChannel(deps: BotsDeps, userId: string, channelId: string): Promise<{ channel: Channel; bot: Bot }> {
  const row = isUuid(channelId) ? await repo.findChannel(deps.sql, userId, channelId) : undefined;
  if (!row) throw notFound();
  return { channel: toChannel(row), bot: await getBot(deps, userId, row.botId) };
}
