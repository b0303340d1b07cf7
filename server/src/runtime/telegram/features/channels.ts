/**
 * The channel inventory (docs/decisions.md#d-bots-channels). Telegram has no call that lists a bot's chats, so the product learns them
 * from my_chat_member: promoted to administrator in a group, supergroup or channel → the chat is stored with its
 * type, title and the bot's rights; demoted, kicked or gone → it is removed. A group that becomes a supergroup
 * keeps its record under the new chat id (migrate_to_chat_id in the old chat, migrate_from_chat_id in the new).
 */
import { Composer, type Context } from 'grammy';
import type { ChatMember } from 'grammy/types';
import type { BotRights } from '@shared/bots/schemas.ts';
import type { BotDeps } from '../bots/bot-deps.ts';
import { deleteChannel, migrateChannel, upsertChannel } from '../bots/runtime-repository.ts';

export function channelsFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();

  composer.on('my_chat_member', async (ctx, next) => {
    const { chat, new_chat_member: member } = ctx.myChatMember;
    if (chat.type !== 'private') {
      if (member.status === 'administrator') {
        await upsertChannel(
          deps.sql,
          deps.botId,
          { chatId: chat.id, title: chat.title, type: chat.type, username: 'username' in chat ? (chat.username ?? null) : null },
          rightsOf(member),
        );
      } else {
        await deleteChannel(deps.sql, deps.botId, chat.id);
      }
      deps.channels.invalidate(chat.id);
      deps.channelsChanged();
      deps.logger.info('inventário de canais atualizado', { chatId: chat.id, status: member.status });
    }
    await next();
  });

  composer.on(['message:migrate_to_chat_id', 'message:migrate_from_chat_id'], async (ctx, next) => {
    const message = ctx.message;
    const from = message.migrate_from_chat_id ?? message.chat.id;
    const to = message.migrate_to_chat_id ?? message.chat.id;
    await migrateChannel(deps.sql, deps.botId, from, to);
    deps.channels.invalidate(from);
    deps.channels.invalidate(to);
    deps.channelsChanged();
    await next();
  });

  return composer;
}

/** Rights of an administrator member; channels have can_post_messages, groups do not (null there). */
export function rightsOf(member: ChatMember): BotRights {
  if (member.status !== 'administrator') {
    return { canInviteUsers: false, canPostMessages: null, canDeleteMessages: false, canRestrictMembers: false };
  }
  return {
    canInviteUsers: member.can_invite_users,
    canPostMessages: member.can_post_messages ?? null,
    canDeleteMessages: member.can_delete_messages,
    canRestrictMembers: member.can_restrict_members,
  };
}
