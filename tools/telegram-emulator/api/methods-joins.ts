// Invite links and join requests, the administrator side of growing a channel. All need the bot to be an
// administrator with can_invite_users, as on Telegram.
import { badRequest } from '../core/bot-api-error.ts';
import { setMember } from '../core/membership.ts';
import { inviteLinkOf, isParticipant } from '../core/serialize.ts';
import type { InviteLinkRecord } from '../core/types.ts';
import { adminChat } from './chat-access.ts';
import type { MethodCall, MethodHandler } from './method-call.ts';

export function newInviteLinkUrl(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `https://t.me/+${Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

function pendingRequest(call: MethodCall) {
  const chat = adminChat(call.core, call.bot, call.params.chatId(), 'can_invite_users');
  const userId = call.params.int('user_id', 'invalid user_id specified');
  const user = call.core.world.users.get(userId);
  if (!user) throw badRequest('USER_ID_INVALID');
  if (isParticipant(chat.members.get(userId))) throw badRequest('USER_ALREADY_PARTICIPANT');
  const request = chat.joinRequests.get(userId);
  if (!request) throw badRequest('HIDE_REQUESTER_MISSING');
  return { chat, user, request };
}

// Approval through a link reports that link; a direct request (public chat) reports via_join_request.
const approveChatJoinRequest: MethodHandler = (call) => {
  const { chat, user, request } = pendingRequest(call);
  const link = request.inviteLink ? chat.inviteLinks.get(request.inviteLink) : undefined;
  setMember(call.core, chat, user, { status: 'member' }, { from: call.bot.publicUser, ...(link ? { inviteLink: link } : { viaJoinRequest: true }) });
  return true;
};

const declineChatJoinRequest: MethodHandler = (call) => {
  const { chat, user } = pendingRequest(call);
  chat.joinRequests.delete(user.id);
  return true;
};

function readLinkOptions(call: MethodCall): Pick<InviteLinkRecord, 'name' | 'expireDate' | 'memberLimit' | 'createsJoinRequest'> {
  const { params, core } = call;
  const name = params.optString('name');
  if (name !== undefined && name.length > 32) throw badRequest('invite link name is too long');
  const expireDate = params.optInt('expire_date');
  if (expireDate !== undefined && expireDate !== 0 && expireDate <= core.world.unixTime()) throw badRequest('EXPIRE_DATE_INVALID');
  const memberLimit = params.optInt('member_limit');
  if (memberLimit !== undefined && memberLimit !== 0 && (memberLimit < 1 || memberLimit > 99_999)) throw badRequest('USAGE_LIMIT_INVALID');
  const createsJoinRequest = params.bool('creates_join_request');
  if (createsJoinRequest && memberLimit) {
    throw badRequest("member_limit can't be specified for links requiring administrator approval");
  }
  return {
    createsJoinRequest,
    ...(name ? { name } : {}),
    ...(expireDate ? { expireDate } : {}),
    ...(memberLimit ? { memberLimit } : {}),
  };
}

const createChatInviteLink: MethodHandler = (call) => {
  const chat = adminChat(call.core, call.bot, call.params.chatId(), 'can_invite_users');
  const record: InviteLinkRecord = {
    link: newInviteLinkUrl(), chatId: chat.id, creatorId: call.bot.user.id, isPrimary: false, isRevoked: false,
    joinedCount: 0, ...readLinkOptions(call),
  };
  chat.inviteLinks.set(record.link, record);
  return inviteLinkOf(record, call.bot.user.id, call.core.world);
};

const editChatInviteLink: MethodHandler = (call) => {
  const chat = adminChat(call.core, call.bot, call.params.chatId(), 'can_invite_users');
  const record = chat.inviteLinks.get(call.params.optString('invite_link') ?? '');
  if (!record || record.isRevoked) throw badRequest('INVITE_HASH_EXPIRED');
  const options = readLinkOptions(call);
  delete record.name;
  delete record.expireDate;
  delete record.memberLimit;
  Object.assign(record, options);
  return inviteLinkOf(record, call.bot.user.id, call.core.world);
};

const revokeChatInviteLink: MethodHandler = (call) => {
  const chat = adminChat(call.core, call.bot, call.params.chatId(), 'can_invite_users');
  const record = chat.inviteLinks.get(call.params.optString('invite_link') ?? '');
  if (!record) throw badRequest('INVITE_HASH_EXPIRED');
  record.isRevoked = true;
  return inviteLinkOf(record, call.bot.user.id, call.core.world);
};

// The primary link is replaced on every export, as on Telegram.
const exportChatInviteLink: MethodHandler = (call) => {
  const chat = adminChat(call.core, call.bot, call.params.chatId(), 'can_invite_users');
  for (const link of chat.inviteLinks.values()) if (link.isPrimary) link.isRevoked = true;
  const record: InviteLinkRecord = {
    link: newInviteLinkUrl(), chatId: chat.id, creatorId: call.bot.user.id, isPrimary: true, isRevoked: false,
    createsJoinRequest: false, joinedCount: 0,
  };
  chat.inviteLinks.set(record.link, record);
  return record.link;
};

export const joinMethods: Record<string, MethodHandler> = {
  approveChatJoinRequest,
  declineChatJoinRequest,
  createChatInviteLink,
  editChatInviteLink,
  revokeChatInviteLink,
  exportChatInviteLink,
};
