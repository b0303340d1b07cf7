// Join requests, decided by the bot. Both need the bot to be an administrator with can_invite_users, as on Telegram.
import { badRequest } from '../core/bot-api-error.ts';
import { setMember } from '../core/membership.ts';
import { isParticipant } from '../core/serialize.ts';
import { adminChat } from './chat-access.ts';
import type { MethodCall, MethodHandler } from './method-call.ts';

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

export const joinMethods: Record<string, MethodHandler> = {
  approveChatJoinRequest,
  declineChatJoinRequest,
};
