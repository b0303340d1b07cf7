// Turns state records into the exact wire objects Telegram sends (Chat, ChatMember*, ChatInviteLink).
import type { Chat, ChatInviteLink, ChatMember } from 'grammy/types';
import type { ChatAdministratorRights, ChatRecord, InviteLinkRecord, MemberRecord, User } from './types.ts';
import type { World } from './world.ts';

export function privateChatOf(user: User): Chat.PrivateChat {
  return {
    id: user.id,
    type: 'private',
    first_name: user.first_name,
    ...(user.last_name ? { last_name: user.last_name } : {}),
    ...(user.username ? { username: user.username } : {}),
  };
}

export function chatOf(chat: ChatRecord): Chat.GroupChat | Chat.SupergroupChat | Chat.ChannelChat {
  if (chat.type === 'group') return { id: chat.id, type: 'group', title: chat.title };
  return { id: chat.id, type: chat.type, title: chat.title, ...(chat.username ? { username: chat.username } : {}) };
}

/** Join requests exist only in supergroups and channels (Telegram upgrades a group that enables approvals). */
export function joinRequestChatOf(chat: ChatRecord): Chat.SupergroupChat | Chat.ChannelChat {
  if (chat.type === 'group') throw new Error('join requests need a supergroup or a channel; migrate the group first');
  return { id: chat.id, type: chat.type, title: chat.title, ...(chat.username ? { username: chat.username } : {}) };
}

/** Rights Telegram's apps preselect when someone makes a bot an administrator. */
export function defaultAdminRights(chatType: ChatRecord['type']): ChatAdministratorRights {
  const common: ChatAdministratorRights = {
    is_anonymous: false,
    can_manage_chat: true,
    can_delete_messages: true,
    can_manage_video_chats: true,
    can_restrict_members: true,
    can_promote_members: false,
    can_change_info: true,
    can_invite_users: true,
    can_post_stories: true,
    can_edit_stories: true,
    can_delete_stories: true,
    can_send_welcome_messages: false,
  };
  if (chatType === 'channel') return { ...common, can_post_messages: true, can_edit_messages: true };
  if (chatType === 'supergroup') return { ...common, can_pin_messages: true, can_manage_topics: false };
  return { ...common, can_pin_messages: true };
}

export function chatMemberOf(user: User, record: MemberRecord | undefined, chatType: ChatRecord['type']): ChatMember {
  switch (record?.status) {
    case 'creator':
      return { status: 'creator', user, is_anonymous: false };
    case 'administrator':
      return { status: 'administrator', user, can_be_edited: false, ...(record.rights ?? defaultAdminRights(chatType)) };
    case 'member':
      return { status: 'member', user, ...(record.untilDate ? { until_date: record.untilDate } : {}) };
    case 'kicked':
      return { status: 'kicked', user, until_date: record.untilDate ?? 0 };
    case 'restricted':
      return {
        status: 'restricted', user, is_member: true, can_send_messages: false, can_send_audios: false,
        can_send_documents: false, can_send_photos: false, can_send_videos: false, can_send_video_notes: false,
        can_send_voice_notes: false, can_send_polls: false, can_send_other_messages: false,
        can_add_web_page_previews: false, can_react_to_messages: false, can_change_info: false,
        can_invite_users: false, can_edit_tag: false, can_pin_messages: false, can_manage_topics: false,
        until_date: record.untilDate ?? 0,
      };
    default:
      return { status: 'left', user };
  }
}

export function isParticipant(record: MemberRecord | undefined): boolean {
  return record !== undefined && ['creator', 'administrator', 'member', 'restricted'].includes(record.status);
}

/** Telegram hides the tail of links another administrator created: "https://t.me/+AbCd..." */
export function inviteLinkOf(link: InviteLinkRecord, viewerBotId: number, world: World): ChatInviteLink {
  const creator = world.users.get(link.creatorId) ?? world.userOrThrow(link.creatorId);
  const shown = link.creatorId === viewerBotId ? link.link : `${link.link.slice(0, 20)}...`;
  const chat = world.chats.get(link.chatId);
  const pending = chat ? [...chat.joinRequests.values()].filter((r) => r.inviteLink === link.link).length : 0;
  return {
    invite_link: shown,
    creator,
    creates_join_request: link.createsJoinRequest,
    is_primary: link.isPrimary,
    is_revoked: link.isRevoked,
    ...(link.name !== undefined ? { name: link.name } : {}),
    ...(link.expireDate !== undefined ? { expire_date: link.expireDate } : {}),
    ...(link.memberLimit !== undefined ? { member_limit: link.memberLimit } : {}),
    ...(link.createsJoinRequest ? { pending_join_request_count: pending } : {}),
    ...(link.subscriptionPeriod !== undefined ? { subscription_period: link.subscriptionPeriod } : {}),
    ...(link.subscriptionPrice !== undefined ? { subscription_price: link.subscriptionPrice } : {}),
  };
}
