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
  chat.members.set(user.id, next);
  chat.joinRequests.delete(user.id);
  const wasIn = isParticipant(previous);
  const isIn = isParticipant(next);
  if (!wasIn && isIn && options.inviteLink) options.inviteLink.joinedCount++;
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

/** Telegram refuses joins through a revoked, expired or full link with the same "expired" answer. */
export function isLinkUsable(core: EmulatorCore, link: InviteLinkRecord): boolean {
  if (link.isRevoked) return false;
  if (link.expireDate !== undefined && link.expireDate <= core.world.unixTime()) return false;
  if (link.memberLimit !== undefined && link.joinedCount >= link.memberLimit) return false;
  return true;
}
