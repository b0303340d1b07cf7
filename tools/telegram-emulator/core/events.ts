// Who receives which update, following Telegram's delivery rules:
// - my_chat_member goes to the bot whose own status changed (always delivered, even unlisted);
// - chat_member goes to the chat's administrator bots (and only if they listed it in allowed_updates);
// - chat_join_request goes to administrator bots holding can_invite_users;
// - group messages reach member bots, but a bot in privacy mode that is not an administrator only gets
//   commands, replies to its own messages and service messages; channel posts reach administrator bots.
import type { ChatMember } from 'grammy/types';
import type { EmulatorCore } from './emulator-core.ts';
import { chatOf, inviteLinkOf, isParticipant, joinRequestChatOf } from './serialize.ts';
import type { BotRecord, ChatRecord, InviteLinkRecord, Message, User } from './types.ts';

export interface ChatBot {
  bot: BotRecord;
  isAdmin: boolean;
  canInviteUsers: boolean;
}

export function botsInChat(core: EmulatorCore, chat: ChatRecord): ChatBot[] {
  const result: ChatBot[] = [];
  for (const bot of core.world.bots.values()) {
    const member = chat.members.get(bot.user.id);
    if (!isParticipant(member)) continue;
    const isAdmin = member?.status === 'administrator' || member?.status === 'creator';
    const canInviteUsers = member?.status === 'creator' || (isAdmin && member?.rights?.can_invite_users !== false);
    result.push({ bot, isAdmin, canInviteUsers });
  }
  return result;
}

export interface MembershipChange {
  chat: ChatRecord;
  from: User;
  subject: User;
  oldMember: ChatMember;
  newMember: ChatMember;
  inviteLink?: InviteLinkRecord;
  viaJoinRequest?: boolean;
}

export function emitMembershipChange(core: EmulatorCore, change: MembershipChange): void {
  const date = core.world.unixTime();
  const base = {
    chat: chatOf(change.chat),
    from: change.from,
    date,
    old_chat_member: change.oldMember,
    new_chat_member: change.newMember,
  };
  if (change.subject.is_bot) core.deliver(change.subject.id, { my_chat_member: base });
  for (const { bot, isAdmin } of botsInChat(core, change.chat)) {
    if (!isAdmin || bot.user.id === change.subject.id) continue;
    core.deliver(bot.user.id, {
      chat_member: {
        ...base,
        ...(change.inviteLink ? { invite_link: inviteLinkOf(change.inviteLink, bot.user.id, core.world) } : {}),
        ...(change.viaJoinRequest ? { via_join_request: true } : {}),
      },
    });
  }
}

export function emitJoinRequest(core: EmulatorCore, chat: ChatRecord, user: User, link: InviteLinkRecord | undefined, bio?: string): void {
  const date = core.world.unixTime();
  for (const { bot, canInviteUsers } of botsInChat(core, chat)) {
    if (!canInviteUsers) continue;
    const dialog = core.world.dialog(bot.user.id, user.id);
    dialog.joinRequestDmUntil = core.world.now() + core.joinRequestDmWindowMs;
    core.deliver(bot.user.id, {
      chat_join_request: {
        chat: joinRequestChatOf(chat),
        from: user,
        user_chat_id: user.id,
        date,
        ...(bio ? { bio } : {}),
        ...(link ? { invite_link: inviteLinkOf(link, bot.user.id, core.world) } : {}),
      },
    });
  }
}

export interface ChatMessageRouting {
  /** Service messages and commands reach bots in privacy mode too. */
  service?: boolean;
  command?: boolean;
  replyToBotId?: number;
}

export function emitChatMessage(core: EmulatorCore, chat: ChatRecord, message: Message, routing: ChatMessageRouting = {}): void {
  for (const { bot, isAdmin } of botsInChat(core, chat)) {
    if (message.from?.id === bot.user.id) continue;
    if (chat.type === 'channel') {
      if (isAdmin) core.deliver(bot.user.id, { channel_post: message });
      continue;
    }
    const seesAll = isAdmin || bot.user.can_read_all_group_messages;
    const addressed = routing.service || routing.command || routing.replyToBotId === bot.user.id;
    if (seesAll || addressed) core.deliver(bot.user.id, { message });
  }
}
