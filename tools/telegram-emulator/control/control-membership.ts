// People and bots entering and leaving chats, as the Telegram apps would make them: joining (directly or through
// an invite link), asking to join, an administrator approving outside the bot, kicking, and promoting, demoting or
// removing a bot. Every change goes through setMember so the updates match what Telegram emits.
import type { ChatAdministratorRights } from 'grammy/types';
import type { EmulatorCore } from '../core/emulator-core.ts';
import { emitJoinRequest } from '../core/events.ts';
import { currentMember, linkRefusal, setMember, type LinkRefusal } from '../core/membership.ts';
import { defaultAdminRights, isParticipant } from '../core/serialize.ts';
import type { ChatRecord, MemberStatus, User } from '../core/types.ts';
import { ControlError, findBot, findChat, findUser } from './control-setup.ts';

export type JoinOutcome = { status: 'joined'; chatId: number } | { status: 'requested'; chatId: number };

export type JoinRefusalReason = LinkRefusal | 'unknown_link' | 'banned' | 'already_member' | 'payment_required';

/** A join Telegram would refuse; `reason` says why (HTTP: {ok:false, error, reason}). */
export class JoinRefusedError extends ControlError {
  constructor(readonly reason: JoinRefusalReason, message: string) {
    super(message);
  }
}

const LINK_REFUSALS: Record<LinkRefusal, string> = {
  revoked: 'INVITE_HASH_EXPIRED: the link was revoked',
  expired: 'INVITE_HASH_EXPIRED: the link expired',
  member_limit_reached: 'INVITE_HASH_EXPIRED: the link reached its member limit',
};

/** The acting administrator: the given user, or the chat's creator. */
function actor(core: EmulatorCore, chat: ChatRecord, by: number | undefined): User {
  const user = findUser(core, by ?? chat.creatorId);
  const member = chat.members.get(user.id);
  if (member?.status !== 'creator' && member?.status !== 'administrator') {
    throw new ControlError(`user ${user.id} is not an administrator of chat ${chat.id}`);
  }
  return user;
}

export function requireOutside(core: EmulatorCore, chat: ChatRecord, user: User): void {
  const member = currentMember(core, chat, user.id);
  if (isParticipant(member)) throw new JoinRefusedError('already_member', `USER_ALREADY_PARTICIPANT: user ${user.id} is already in chat ${chat.id}`);
  if (member?.status === 'kicked') throw new JoinRefusedError('banned', `USER_BANNED_IN_CHANNEL: user ${user.id} is banned from chat ${chat.id}`);
}

/** The chat and link behind an invite link a user opens, or the refusal Telegram would show. */
export function usableLink(core: EmulatorCore, inviteLink: string) {
  const chat = core.world.findInviteLink(inviteLink);
  const link = chat?.inviteLinks.get(inviteLink);
  if (!chat || !link) throw new JoinRefusedError('unknown_link', 'INVITE_HASH_INVALID: no chat has this invite link');
  const refusal = linkRefusal(core, link);
  if (refusal) throw new JoinRefusedError(refusal, LINK_REFUSALS[refusal]);
  return { chat, link };
}

/** Joining a public chat by its username; a chat that approves new members turns it into a join request. */
export function joinChat(core: EmulatorCore, input: { userId: number; chatId: number }): JoinOutcome {
  const user = findUser(core, input.userId);
  const chat = findChat(core, input.chatId);
  requireOutside(core, chat, user);
  core.sent.markAction();
  if (chat.joinByRequest) return requestJoin(core, { userId: user.id, chatId: chat.id });
  setMember(core, chat, user, { status: 'member' }, { from: user });
  return { status: 'joined', chatId: chat.id };
}

export function joinByLink(core: EmulatorCore, input: { userId: number; inviteLink: string }): JoinOutcome {
  const user = findUser(core, input.userId);
  const { chat, link } = usableLink(core, input.inviteLink);
  requireOutside(core, chat, user);
  if (link.subscriptionPrice !== undefined) {
    throw new JoinRefusedError('payment_required', 'a subscription link asks for payment: use paySubscription');
  }
  core.sent.markAction();
  if (link.createsJoinRequest) return requestJoin(core, { userId: user.id, chatId: chat.id, inviteLink: link.link });
  setMember(core, chat, user, { status: 'member' }, { from: user, inviteLink: link });
  return { status: 'joined', chatId: chat.id };
}

export function requestJoin(core: EmulatorCore, input: { userId: number; chatId: number; inviteLink?: string; bio?: string }): JoinOutcome {
  const user = findUser(core, input.userId);
  const chat = findChat(core, input.chatId);
  requireOutside(core, chat, user);
  if (chat.type === 'group') throw new ControlError('join requests need a supergroup or channel (migrate the group first)');
  const link = input.inviteLink !== undefined ? chat.inviteLinks.get(input.inviteLink) : undefined;
  if (input.inviteLink !== undefined && !link) throw new ControlError(`invite link ${input.inviteLink} is not of chat ${chat.id}`);
  core.sent.markAction();
  chat.joinRequests.set(user.id, {
    userId: user.id, date: core.world.unixTime(),
    ...(link ? { inviteLink: link.link } : {}), ...(input.bio ? { bio: input.bio } : {}),
  });
  emitJoinRequest(core, chat, user, link, input.bio);
  return { status: 'requested', chatId: chat.id };
}

/** An administrator (a person, not the bot) decides a pending request in the app. */
export function decideJoinRequest(core: EmulatorCore, input: { chatId: number; userId: number; by?: number }, approve: boolean): void {
  const chat = findChat(core, input.chatId);
  const user = findUser(core, input.userId);
  const request = chat.joinRequests.get(user.id);
  if (!request) throw new ControlError(`user ${user.id} has no pending request in chat ${chat.id}`);
  const admin = actor(core, chat, input.by);
  core.sent.markAction();
  if (!approve) {
    chat.joinRequests.delete(user.id);
    return;
  }
  const link = request.inviteLink ? chat.inviteLinks.get(request.inviteLink) : undefined;
  setMember(core, chat, user, { status: 'member' }, { from: admin, ...(link ? { inviteLink: link } : { viaJoinRequest: true }) });
}

export function leaveChat(core: EmulatorCore, input: { userId: number; chatId: number }): void {
  const user = findUser(core, input.userId);
  const chat = findChat(core, input.chatId);
  if (!isParticipant(chat.members.get(user.id))) throw new ControlError(`user ${user.id} is not in chat ${chat.id}`);
  core.sent.markAction();
  setMember(core, chat, user, { status: 'left' }, { from: user });
}

export interface SetStatusInput {
  chatId: number;
  userId: number;
  status: MemberStatus;
  rights?: Partial<ChatAdministratorRights>;
  by?: number;
}

/** The general form behind add, kick, promote and demote, for people and bots alike. */
export function setMemberStatus(core: EmulatorCore, input: SetStatusInput): void {
  const chat = findChat(core, input.chatId);
  const user = findUser(core, input.userId);
  if (input.status === 'creator') throw new ControlError('ownership transfer is not emulated');
  const admin = actor(core, chat, input.by);
  core.sent.markAction();
  const record =
    input.status === 'administrator' ? { status: input.status, rights: { ...defaultAdminRights(chat.type), ...input.rights } }
      : input.status === 'kicked' ? { status: input.status, untilDate: 0 }
        : { status: input.status };
  setMember(core, chat, user, record, { from: admin });
}

export interface BotInChatInput {
  chatId: number;
  bot: string;
  rights?: Partial<ChatAdministratorRights>;
  by?: number;
}

/** Bots join channels only as administrators; in groups they may be plain members. */
export function addBot(core: EmulatorCore, input: BotInChatInput & { asAdmin?: boolean }): void {
  const bot = findBot(core, input.bot);
  const chat = findChat(core, input.chatId);
  const asAdmin = input.asAdmin ?? chat.type === 'channel';
  if (chat.type === 'channel' && !asAdmin) throw new ControlError('bots can only be added to channels as administrators');
  const rights = input.rights ? { rights: input.rights } : {};
  const by = input.by !== undefined ? { by: input.by } : {};
  setMemberStatus(core, { chatId: chat.id, userId: bot.user.id, status: asAdmin ? 'administrator' : 'member', ...rights, ...by });
}

export function demoteBot(core: EmulatorCore, input: BotInChatInput): void {
  const bot = findBot(core, input.bot);
  const chat = findChat(core, input.chatId);
  // A channel has no place for a bot that is not an administrator: demoting removes it.
  const status = chat.type === 'channel' ? 'left' : 'member';
  setMemberStatus(core, { chatId: chat.id, userId: bot.user.id, status, ...(input.by !== undefined ? { by: input.by } : {}) });
}

export function removeBot(core: EmulatorCore, input: BotInChatInput): void {
  const bot = findBot(core, input.bot);
  const chat = findChat(core, input.chatId);
  const status = chat.type === 'supergroup' ? 'kicked' : 'left';
  setMemberStatus(core, { chatId: chat.id, userId: bot.user.id, status, ...(input.by !== undefined ? { by: input.by } : {}) });
}
