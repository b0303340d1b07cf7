// Removing people: banChatMember and unbanChatMember, with Telegram's rules. A ban in a supergroup or channel keeps
// the user out (status "kicked") until unbanned or until until_date; in a basic group it only removes them. Unban
// without only_if_banned guarantees the user is out but free to rejoin, so it removes a current member too.
// Both count against the bot's flood budget, so a removal queue meets 429 retry_after as on Telegram.
import { badRequest, tooManyRequests } from '../core/bot-api-error.ts';
import { currentMember, setMember } from '../core/membership.ts';
import { isParticipant } from '../core/serialize.ts';
import type { ChatRecord, User } from '../core/types.ts';
import { adminChat } from './chat-access.ts';
import type { MethodCall, MethodHandler } from './method-call.ts';

const NOT_ENOUGH_RIGHTS = 'not enough rights to restrict/unrestrict chat member';
const FOREVER_BELOW_S = 30;
const FOREVER_ABOVE_S = 366 * 86_400;

function target(call: MethodCall): { chat: ChatRecord; user: User } {
  const chat = adminChat(call.core, call.bot, call.params.chatId(), 'can_restrict_members', NOT_ENOUGH_RIGHTS);
  const userId = call.params.int('user_id', 'user_id is empty');
  const user = call.core.world.users.get(userId);
  if (!user) throw badRequest('PARTICIPANT_ID_INVALID');
  if (userId === call.bot.user.id) throw badRequest("can't remove self");
  const member = chat.members.get(userId);
  if (member?.status === 'creator') throw badRequest("can't remove chat owner");
  if (member?.status === 'administrator') throw badRequest('user is an administrator of the chat');
  const retryAfter = call.core.limiter.takeBotWide(call.bot.user.id, call.core.world.now());
  if (retryAfter !== undefined) throw tooManyRequests(retryAfter);
  return { chat, user };
}

/** until_date under 30 seconds or over 366 days away means forever (0), as the Bot API documents. */
function banUntil(call: MethodCall): number {
  const until = call.params.optInt('until_date') ?? 0;
  const ahead = until - call.core.world.unixTime();
  return until === 0 || ahead < FOREVER_BELOW_S || ahead > FOREVER_ABOVE_S ? 0 : until;
}

const banChatMember: MethodHandler = (call) => {
  const { chat, user } = target(call);
  const until = banUntil(call);
  const member = currentMember(call.core, chat, user.id);
  if (chat.type === 'group') {
    if (isParticipant(member)) setMember(call.core, chat, user, { status: 'left' }, { from: call.bot.publicUser });
    return true;
  }
  // Banning again only moves the end of the ban; Telegram sends no second update for it.
  if (member?.status === 'kicked') {
    member.untilDate = until;
    return true;
  }
  setMember(call.core, chat, user, { status: 'kicked', untilDate: until }, { from: call.bot.publicUser });
  return true;
};

const unbanChatMember: MethodHandler = (call) => {
  const { core, bot, params } = call;
  const { chat, user } = target(call);
  if (chat.type === 'group') throw badRequest('method is available for supergroup and channel chats only');
  const member = currentMember(core, chat, user.id);
  const banned = member?.status === 'kicked';
  if (!banned && (params.bool('only_if_banned') || !isParticipant(member))) return true;
  setMember(core, chat, user, { status: 'left' }, { from: bot.publicUser });
  return true;
};

export const banMethods: Record<string, MethodHandler> = {
  banChatMember,
  unbanChatMember,
  kickChatMember: banChatMember,
};
