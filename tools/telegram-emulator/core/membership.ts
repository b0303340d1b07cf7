// Changes of who is in a chat, shared by the control API (users joining, admins promoting) and the Bot API
// (a bot approving a join request). One function applies the change and emits what Telegram emits: my_chat_member
// / chat_member updates and, in groups, the new_chat_members / left_chat_member service message.
import type { EmulatorCore } from './emulator-core.ts';
import { emitChatMessage, emitMembershipChange } from './events.ts';
import { groupTarget } from './message-target.ts';
import { chatMemberOf, isParticipant } from './serialize.ts';
import type { ChatRecord, InviteLinkRecord, MemberRecord, Message, User } from './types.ts';

export interface MemberChangeOptions {
  /** Who performed the change; the user themself for joins and leaves. */
  from: User;
  inviteLink?: InviteLinkRecord;
  viaJoinRequest?: boolean;
}

export function setMember(core: EmulatorCore, chat: ChatRecord, user: User, next: MemberRecord, options: MemberChangeOptions): void {
  const previous = chat.members.get(user.id);
  const wasIn = isParticipant(previous);
  const isIn = isParticipant(next);
  const joinedNow = !wasIn && isIn && options.inviteLink;
  // A member keeps the link they came through until they leave: member_limit counts them.
  const viaLink = joinedNow ? options.inviteLink?.link : isIn ? previous?.viaLink : undefined;
  chat.members.set(user.id, { ...next, ...(viaLink ? { viaLink } : {}) });
  chat.joinRequests.delete(user.id);
  if (joinedNow && options.inviteLink) options.inviteLink.joinedCount++;
  emitMembershipChange(core, {
    chat,
    from: options.from,
    subject: user,
    oldMember: chatMemberOf(user, previous, chat.type),
    newMember: chatMemberOf(user, next, chat.type),
    ...(options.inviteLink ? { inviteLink: options.inviteLink } : {}),
    ...(options.viaJoinRequest ? { viaJoinRequest: true } : {}),
  });
  if (chat.type === 'channel' || wasIn === isIn) return;
  const service: Partial<Message> = isIn ? { new_chat_members: [user] } : { left_chat_member: user };
  postServiceMessage(core, chat, options.from, service);
}

/** Service messages reach every bot in the group, privacy mode or not. */
export function postServiceMessage(core: EmulatorCore, chat: ChatRecord, from: User, fields: Partial<Message>): Message {
  const target = groupTarget(chat);
  const message: Message = { message_id: target.allocateId(), from, chat: target.wireChat, date: core.world.unixTime(), ...fields };
  target.store.set(message.message_id, { message });
  emitChatMessage(core, chat, message, { service: true });
  return message;
}

export type LinkRefusal = 'revoked' | 'expired' | 'member_limit_reached';

/**
 * Why Telegram would refuse a join through this link now (the app shows the same "expired" answer for all three).
 * member_limit is the number of users who joined through the link and are still in the chat, as the Bot API defines it.
 */
export function linkRefusal(core: EmulatorCore, link: InviteLinkRecord): LinkRefusal | undefined {
  if (link.isRevoked) return 'revoked';
  if (link.expireDate !== undefined && link.expireDate <= core.world.unixTime()) return 'expired';
  const chat = core.world.chats.get(link.chatId);
  const members = chat ? [...chat.members.values()].filter((m) => m.viaLink === link.link && isParticipant(m)).length : 0;
  if (link.memberLimit !== undefined && members >= link.memberLimit) return 'member_limit_reached';
  return undefined;
}

/** A temporary ban ends by itself at until_date: the user is then simply not in the chat (no update, as on Telegram). */
export function currentMember(core: EmulatorCore, chat: ChatRecord, userId: number): MemberRecord | undefined {
  const member = chat.members.get(userId);
  if (member?.status === 'kicked' && member.untilDate && member.untilDate <= core.world.unixTime()) {
    const left: MemberRecord = { status: 'left' };
    chat.members.set(userId, left);
    return left;
  }
  return member;
}
