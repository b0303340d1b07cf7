/** Whether a chat_member update is a join or a leave: a member (restricted ones count while still members) or not. */
import type { ChatMember, ChatMemberUpdated } from 'grammy/types';

function isIn(member: ChatMember): boolean {
  if (member.status === 'restricted') return member.is_member;
  return member.status === 'member' || member.status === 'administrator' || member.status === 'creator';
}

export const isJoin = (update: ChatMemberUpdated) => !isIn(update.old_chat_member) && isIn(update.new_chat_member);
export const isLeave = (update: ChatMemberUpdated) => isIn(update.old_chat_member) && !isIn(update.new_chat_member);
