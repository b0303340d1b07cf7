/**
 * Funnels (docs/product.md#api-funnels, docs/decisions.md#d-funnels-pixel): CRUD whose writes go through Telegram
 * first. A funnel IS its invite link, so creation asks the bot for the link before anything is stored (a refusal
 * stores nothing), a new name or requireApproval edits the link, and a delete revokes it (a Telegram failure then is
 * logged and the funnel deleted anyway: the operator asked for it to be gone). Metrics: metrics.ts.
 */
import {
  FUNNEL_LIMITS,
  FUNNEL_TEXTS,
  funnelSchema,
  type Funnel,
  type createFunnelInputSchema,
  type updateFunnelInputSchema,
} from '@shared/funnels/schemas.ts';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Logger } from '../../lib/logger.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import type { InviteLinkOptions, InviteLinkResult } from '../../ports/invite-link.ts';
import * as repo from './repository.ts';

export type FunnelsDeps = {
  sql: Queryable;
  runtime: BotRuntime;
  logger: Logger;
  /** A funnel changed or went away: the tracking endpoints forget what they cached about it. */
  funnelChanged(publicId: string): void;
};

type CreateInput = z.output<typeof createFunnelInputSchema>;
type UpdateInput = z.output<typeof updateFunnelInputSchema>;

export function toFunnel(row: repo.FunnelRow): Funnel {
  return funnelSchema.parse({
    id: row.id,
    uuid: row.publicId,
    name: row.name,
    description: row.description,
    botId: row.botId,
    channelId: row.channelId,
    requireApproval: row.requireApproval,
    landingUrl: row.landingUrl,
    pixelIntegrationId: row.pixelIntegrationId,
    isActive: row.isActive,
    bot: { name: row.botName, username: row.botUsername },
    channel: { channelName: row.channelName, username: row.channelUsername },
    pixelIntegration: row.pixelName !== null && row.pixelId !== null ? { name: row.pixelName, pixelId: row.pixelId } : null,
    todayMetrics: { pageviews: row.todayPageviews, clicks: row.todayClicks, entries: row.todayEntries, exits: row.todayExits },
    conversion: { days: FUNNEL_LIMITS.conversionDays, pageviews: row.recentPageviews, clicks: row.recentClicks, entries: row.recentEntries },
    telegramLink: row.inviteLink,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
}

export async function ownedFunnel(deps: Pick<FunnelsDeps, 'sql'>, userId: string, id: string): Promise<repo.FunnelRow> {
  const row = isUuid(id) ? await repo.findFunnel(deps.sql, userId, id) : undefined;
  if (!row) throw notFound();
  return row;
}

const unprocessable = (field: string, message: string) => new AppError('VALIDATION_FAILED', 422, message, { [field]: message });

/** Telegram's name of an invite link is at most 32 characters (docs/telegram.md#tg-join-requests). */
export const inviteLinkName = (name: string) => [...name].slice(0, FUNNEL_LIMITS.inviteLinkNameMax).join('');

/** Telegram's refusal in words the operator can act on; the description itself is Telegram's, quoted. */
function linkRefusal(result: Exclude<InviteLinkResult, { ok: true }>): AppError {
  if (result.description === 'bot not running') return new AppError('BOT_NOT_RUNNING', 409, FUNNEL_TEXTS.botInactive);
  if (/admin|rights|CHAT_ADMIN_REQUIRED|not a member|kicked/i.test(result.description)) return unprocessable('channelId', FUNNEL_TEXTS.channelNeedsInvite);
  if (result.errorCode === 0) return new AppError('TELEGRAM_SYNC_FAILED', 502, FUNNEL_TEXTS.inviteLinkFailed('o Telegram não respondeu. Tente novamente.'));
  if (/chat not found/i.test(result.description)) return unprocessable('channelId', FUNNEL_TEXTS.inviteLinkFailed('canal não encontrado no Telegram'));
  return new AppError('TELEGRAM_SYNC_FAILED', 422, FUNNEL_TEXTS.inviteLinkFailed(`resposta do Telegram "${result.description}"`));
}

const linkOptions = (name: string, requireApproval: boolean): InviteLinkOptions => ({ name: inviteLinkName(name), createsJoinRequest: requireApproval });

async function checkPixel(deps: FunnelsDeps, userId: string, pixelId: string | null | undefined) {
  if (pixelId && !(await repo.pixelOwned(deps.sql, userId, pixelId))) throw notFound();
}

export async function listFunnels(deps: FunnelsDeps, userId: string): Promise<Funnel[]> {
  return (await repo.listFunnels(deps.sql, userId)).map(toFunnel);
}

export async function getFunnel(deps: FunnelsDeps, userId: string, id: string): Promise<Funnel> {
  return toFunnel(await ownedFunnel(deps, userId, id));
}

export async function createFunnel(deps: FunnelsDeps, userId: string, input: CreateInput): Promise<Funnel> {
  const bot = await repo.findOwnedBot(deps.sql, userId, input.botId);
  const channel = await repo.findOwnedChannel(deps.sql, userId, input.channelId);
  if (!bot || !channel) throw notFound();
  if (channel.botId !== bot.id) throw unprocessable('channelId', FUNNEL_TEXTS.channelOfOtherBot);
  await checkPixel(deps, userId, input.pixelIntegrationId);
  if (!bot.isActive) throw new AppError('BOT_NOT_RUNNING', 409, FUNNEL_TEXTS.botInactive);
  if (!channel.canInviteUsers) throw unprocessable('channelId', FUNNEL_TEXTS.channelNeedsInvite);
  const chatId = Number(channel.chatId);
  const created = await deps.runtime.inviteLink(bot.id, { action: 'create', chatId, options: linkOptions(input.name, input.requireApproval) });
  if (!created.ok) throw linkRefusal(created);
  const id = crypto.randomUUID();
  try {
    await repo.insertFunnel(deps.sql, {
      id, userId, botId: bot.id, channelId: channel.id, inviteLink: created.link.invite_link,
      name: input.name, description: input.description ?? null, landingUrl: input.landingUrl ?? null,
      requireApproval: input.requireApproval, pixelIntegrationId: input.pixelIntegrationId ?? null, isActive: true,
    });
  } catch (error) {
    // Nothing stored: the link must not stay usable as an unattributed door into the channel.
    await deps.runtime.inviteLink(bot.id, { action: 'revoke', chatId, link: created.link.invite_link });
    throw error;
  }
  return getFunnel(deps, userId, id);
}

export async function updateFunnel(deps: FunnelsDeps, userId: string, id: string, input: UpdateInput): Promise<Funnel> {
  const row = await ownedFunnel(deps, userId, id);
  await checkPixel(deps, userId, input.pixelIntegrationId);
  const fields: repo.FunnelFields = {
    name: input.name ?? row.name,
    description: input.description === undefined ? row.description : input.description,
    landingUrl: input.landingUrl === undefined ? row.landingUrl : input.landingUrl,
    requireApproval: input.requireApproval ?? row.requireApproval,
    pixelIntegrationId: input.pixelIntegrationId === undefined ? row.pixelIntegrationId : input.pixelIntegrationId,
    isActive: input.isActive ?? row.isActive,
  };
  const linkChanges = inviteLinkName(fields.name) !== inviteLinkName(row.name) || fields.requireApproval !== row.requireApproval;
  if (linkChanges) {
    const edited = await deps.runtime.inviteLink(row.botId, {
      action: 'edit', chatId: Number(row.chatId), link: row.inviteLink, options: linkOptions(fields.name, fields.requireApproval),
    });
    if (!edited.ok) throw linkRefusal(edited);
  }
  await repo.updateFunnel(deps.sql, userId, id, fields);
  deps.funnelChanged(row.publicId);
  return getFunnel(deps, userId, id);
}

export async function deleteFunnel(deps: FunnelsDeps, userId: string, id: string): Promise<void> {
  const row = await ownedFunnel(deps, userId, id);
  if (!(await repo.deleteFunnel(deps.sql, userId, id))) throw notFound();
  deps.funnelChanged(row.publicId);
  const revoked = await deps.runtime.inviteLink(row.botId, { action: 'revoke', chatId: Number(row.chatId), link: row.inviteLink });
  if (!revoked.ok) {
    deps.logger.warn('link de convite do funil não revogado', { funnelId: id, botId: row.botId, errorCode: revoked.errorCode, reason: revoked.description });
  }
}
