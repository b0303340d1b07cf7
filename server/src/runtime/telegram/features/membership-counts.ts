/**
 * Membership counting for the dashboard: every join to and leave from a chat where the bot is administrator (a
 * chat_member transition of a person, not a bot) is one row of channel_member_events, keyed by chat, user, kind and
 * Telegram's time, so an update handled twice counts once. Always passes the update on: a failure here never costs
 * the welcome, a funnel or a flow.
 */
import { Composer, type Context } from 'grammy';
import type { BotDeps } from '../bots/bot-deps.ts';
import { isJoin, isLeave } from './membership.ts';
import { recordMembership } from './membership-repository.ts';

export function membershipFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();
  composer.on('chat_member', async (ctx, next) => {
    const update = ctx.chatMember;
    const user = update.new_chat_member.user;
    const kind = isJoin(update) ? 'join' : isLeave(update) ? 'leave' : undefined;
    if (kind && !user.is_bot && update.chat.type !== 'private') {
      try {
        await recordMembership(deps.sql, {
          userId: deps.userId, botId: deps.botId, chatId: update.chat.id, telegramUserId: user.id, kind, at: new Date(update.date * 1000),
        });
      } catch (error) {
        deps.logger.error('falha ao registrar entrada ou saída do canal', { error });
      }
    }
    await next();
  });
  return composer;
}
