/**
 * Funnel attribution (docs/decisions.md#d-funnels-pixel, #funnel-tracking). A join through a funnel's invite link or
 * a visit's per-visit link — a chat_member join carrying that `invite_link`, or an approved join request that came
 * through it — enters the contact into the funnel: one entry, one counted event, and with a pixel the Conversions API
 * `enter_channel` event, all in ONE transaction; then the funnel's trigger_contact_from_funnel flows start in the
 * chat. A leave of an attributed member closes its entry, counts an exit and records `left_channel`.
 * Idempotent: an entry is keyed by funnel, contact and the join's time, so an update handled twice counts once.
 * Runs before the welcome and always passes the update on: a failure here never costs the welcome or a flow.
 */
import { emitWebhookEvent } from '../../../ports/webhook-events.ts';
import { Composer, type Context } from 'grammy';
import type { ChatMemberUpdated, User } from 'grammy/types';
import { isJoin, isLeave } from './membership.ts';
import { inTransaction } from '../../../db/transaction.ts';
import type { BotDeps } from '../bots/bot-deps.ts';
import * as repo from './funnel-repository.ts';
import { conversionEvent, recordConversion } from './funnel-conversions.ts';

export function funnelsFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();
  const guarded = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      deps.logger.error('falha na atribuição de funil', { what, error });
    }
  };

  composer.on('chat_join_request', async (ctx, next) => {
    const request = ctx.chatJoinRequest;
    const link = request.invite_link?.invite_link;
    if (link) {
      await guarded('join request', async () => {
        const owner = await repo.findLinkOwner(deps.sql, deps.botId, request.chat.id, link);
        if (owner) await repo.rememberJoinRequest(deps.sql, deps.botId, request.chat.id, request.from.id, owner);
      });
    }
    await next();
  });

  composer.on('chat_member', async (ctx, next) => {
    const update = ctx.chatMember;
    const user = update.new_chat_member.user;
    if (!user.is_bot && update.chat.type !== 'private') {
      if (isJoin(update)) await guarded('join', () => enter(deps, update, user));
      else if (isLeave(update)) await guarded('leave', () => leave(deps, update, user));
    }
    await next();
  });

  return composer;
}

async function enter(deps: BotDeps, update: ChatMemberUpdated, user: User) {
  const chatId = update.chat.id;
  const link = update.invite_link?.invite_link;
  let owner = link ? await repo.findLinkOwner(deps.sql, deps.botId, chatId, link) : undefined;
  if (!owner && (update.via_join_request === true || update.invite_link?.creates_join_request === true)) {
    owner = await repo.pendingJoinRequest(deps.sql, deps.botId, chatId, user.id);
  }
  if (!owner) return;
  const found = owner;
  const at = new Date(update.date * 1000);
  // The contacts feature has queued this member's touch: written now, so a new contact is "created" by the journal
  // (its trigger_contact_created flows run as for any join) before the entry points at it.
  await deps.journal.flush();
  const entered = await inTransaction(deps.sql, async (tx) => {
    const contactId = await repo.contactIdFor(tx, deps.botId, joiningUser(user), at);
    if (!contactId) return false;
    const entryId = await repo.insertEntry(tx, found, contactId, at, user.id, deps.botId, chatId);
    if (!entryId) return false;
    await emitWebhookEvent(tx, deps.userId, 'funnel.entered', { funnelId: found.funnelId, botId: deps.botId, chatId: String(chatId), contactId, telegramUserId: String(user.id), visitId: found.visitId });
    const context = await repo.pixelContext(tx, found.funnelId, found.visitId);
    if (context?.pixelId) {
      await recordConversion(deps.pixelOutbox, tx, conversionEvent(context, { name: 'enter_channel', funnelId: found.funnelId, telegramUserId: user.id, at, matchedVisit: found.visitId !== null }));
    }
    return true;
  });
  if (!entered) return;
  deps.funnelChanged(found.funnelId);
  await deps.flows.contactsChanged([{
    botId: deps.botId, funnelId: found.funnelId, created: false, changedFields: [], phoneNumber: null,
    telegramId: user.id, firstName: user.first_name, lastName: user.last_name ?? null, username: user.username ?? null,
    chat: { id: chatId, type: update.chat.type, title: update.chat.title },
  }]);
}

async function leave(deps: BotDeps, update: ChatMemberUpdated, user: User) {
  const at = new Date(update.date * 1000);
  const left = await inTransaction(deps.sql, async (tx) => {
    const left = await repo.closeEntries(tx, deps.botId, update.chat.id, user.id, at);
    for (const entry of left) {
      const context = await repo.pixelContext(tx, entry.funnelId, entry.visitId);
      if (context?.pixelId) {
        await recordConversion(deps.pixelOutbox, tx, conversionEvent(context, { name: 'left_channel', funnelId: entry.funnelId, telegramUserId: user.id, at, matchedVisit: entry.visitId !== null }));
      }
    }
    return left;
  });
  for (const funnelId of new Set(left.map((entry) => entry.funnelId))) deps.funnelChanged(funnelId);
}

const joiningUser = (user: User): repo.JoiningUser => ({
  telegramId: user.id, firstName: user.first_name, lastName: user.last_name ?? null, username: user.username ?? null,
  languageCode: user.language_code ?? null,
});

