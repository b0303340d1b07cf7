/**
 * Membership counting for the dashboard: every join to and leave from a chat where the bot is administrator (a
 * chat_member transition of a person, not a bot) is one row of channel_member_events, keyed by chat, user, kind and
 * Telegram's time, so an update handled twice counts once; each also becomes a member.joined or member.left webhook
 * event in its transaction, and a join request a join_request.received one. Always passes the update on: a failure here never costs
 * the welcome, a funnel or a flow.
 */
import { Composer, type Context } from 'grammy';
import type { BotDeps } from '../bots/bot-deps.ts';
import { isJoin, isLeave } from './membership.ts';
import { recordMembership, type MembershipEvent } from './membership-repository.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { emitWebhookEvent } from '../../../ports/webhook-events.ts';

export function membershipFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();
  composer.on('chat_member', async (ctx, next) => {
    const update = ctx.chatMember;
    const user = update.new_chat_member.user;
    const kind = isJoin(update) ? 'join' : isLeave(update) ? 'leave' : undefined;
    if (kind && !user.is_bot && update.chat.type !== 'private') {
      try {
        const event: MembershipEvent = { userId: deps.userId, botId: deps.botId, chatId: update.chat.id, telegramUserId: user.id, kind, at: new Date(update.date * 1000) };
        await inTransaction(deps.sql, async (tx) => {
          if (await recordMembership(tx, event)) await emitWebhookEvent(tx, deps.userId, kind === 'join' ? 'member.joined' : 'member.left', membershipData(event));
        });
      } catch (error) {
        deps.logger.error('falha ao registrar entrada ou saída do canal', { error });
      }
    }
    await next();
  });
  composer.on('chat_join_request', async (ctx, next) => {
    const request = ctx.chatJoinRequest;
    const event = { botId: deps.botId, chatId: request.chat.id, telegramUserId: request.from.id, at: new Date(request.date * 1000) };
    await emitWebhookEvent(deps.sql, deps.userId, 'join_request.received', membershipData(event))
      .catch((error: unknown) => deps.logger.error('falha ao registrar o evento de pedido de entrada', { error }));
    await next();
  });
  return composer;
}

const membershipData = (event: { botId: string; chatId: number; telegramUserId: number; at: Date }) => ({
  botId: event.botId, chatId: String(event.chatId), telegramUserId: String(event.telegramUserId), at: event.at.toISOString(),
});
