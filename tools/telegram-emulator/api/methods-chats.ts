// Reading chats and their members (getChat, getChatMember, getChatAdministrators, getChatMemberCount) and a
// bot leaving a chat on its own.
import type { ChatFullInfo } from 'grammy/types';
import { badRequest } from '../core/bot-api-error.ts';
import { currentMember, setMember } from '../core/membership.ts';
import { chatMemberOf, isParticipant } from '../core/serialize.ts';
import type { ChatRecord } from '../core/types.ts';
import { accessTarget } from './chat-access.ts';
import type { MethodCall, MethodHandler } from './method-call.ts';

const FULL_INFO_DEFAULTS = {
  accent_color_id: 0,
  max_reaction_count: 11,
  accepted_gift_types: { unlimited_gifts: false, limited_gifts: false, unique_gifts: false, premium_subscription: false, gifts_from_channels: false },
};

function chatRecordOf(call: MethodCall): ChatRecord {
  const target = accessTarget(call.core, call.bot, call.params.chatId());
  if (!target.record) throw badRequest('there are no administrators in the private chat');
  return target.record;
}

const getChat: MethodHandler = (call): ChatFullInfo => {
  const target = accessTarget(call.core, call.bot, call.params.chatId());
  const chat = target.record;
  if (!chat) {
    const user = call.core.world.userOrThrow(target.chatId);
    return {
      ...FULL_INFO_DEFAULTS, id: user.id, type: 'private', first_name: user.first_name,
      ...(user.last_name ? { last_name: user.last_name } : {}),
      ...(user.username ? { username: user.username } : {}),
    };
  }
  const primary = [...chat.inviteLinks.values()].find((link) => link.isPrimary && !link.isRevoked);
  const extras = {
    ...(chat.description ? { description: chat.description } : {}),
    ...(primary ? { invite_link: primary.link } : {}),
  };
  if (chat.type === 'group') return { ...FULL_INFO_DEFAULTS, ...extras, id: chat.id, type: 'group', title: chat.title };
  const publicName = chat.username ? { username: chat.username } : {};
  if (chat.type === 'channel') return { ...FULL_INFO_DEFAULTS, ...extras, ...publicName, id: chat.id, type: 'channel', title: chat.title };
  return {
    ...FULL_INFO_DEFAULTS, ...extras, ...publicName, id: chat.id, type: 'supergroup', title: chat.title,
    ...(chat.joinByRequest ? { join_by_request: true } : {}),
    ...(chat.migratedFromId !== undefined ? { migrated_from_chat_id: chat.migratedFromId } : {}),
  };
};

const getChatMember: MethodHandler = (call) => {
  const chat = chatRecordOf(call);
  const userId = call.params.int('user_id', 'user_id is empty');
  const user = call.core.world.users.get(userId);
  if (!user) throw badRequest('PARTICIPANT_ID_INVALID');
  return chatMemberOf(user, currentMember(call.core, chat, userId), chat.type);
};

// Telegram lists the human administrators only; bots are left out.
const getChatAdministrators: MethodHandler = (call) => {
  const chat = chatRecordOf(call);
  return [...chat.members]
    .filter(([, member]) => member.status === 'creator' || member.status === 'administrator')
    .map(([userId, member]) => ({ user: call.core.world.userOrThrow(userId), member }))
    .filter(({ user }) => !user.is_bot)
    .map(({ user, member }) => chatMemberOf(user, member, chat.type));
};

const getChatMemberCount: MethodHandler = (call) => {
  const chat = chatRecordOf(call);
  return [...chat.members.values()].filter(isParticipant).length;
};

const leaveChat: MethodHandler = (call) => {
  const chat = chatRecordOf(call);
  setMember(call.core, chat, call.bot.publicUser, { status: 'left' }, { from: call.bot.publicUser });
  return true;
};

export const chatMethods: Record<string, MethodHandler> = {
  getChat,
  getChatMember,
  getChatAdministrators,
  getChatMemberCount,
  getChatMembersCount: getChatMemberCount,
  leaveChat,
};
