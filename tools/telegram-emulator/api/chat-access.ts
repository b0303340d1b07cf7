// Resolves chat_id for a bot and applies Telegram's access rules with Telegram's errors: unknown chats are
// "chat not found", upgraded groups point to their supergroup, a private chat needs the user to have started the
// bot (or a fresh join request: the user_chat_id rule), blocked bots get 403, and a bot removed from a group or
// channel learns it on its next call.
import { badRequest, forbidden } from '../core/bot-api-error.ts';
import type { EmulatorCore } from '../core/emulator-core.ts';
import { dialogTarget, groupTarget, type MessageTarget } from '../core/message-target.ts';
import type { BotRecord, ChatRecord, MemberRecord } from '../core/types.ts';

const CHAT_WORD: Record<ChatRecord['type'], string> = { group: 'group', supergroup: 'supergroup', channel: 'channel' };

function findTarget(core: EmulatorCore, bot: BotRecord, chatId: number | string, noDialog: () => Error): MessageTarget {
  const { world } = core;
  if (typeof chatId === 'string') {
    const chat = world.chatByUsername(chatId);
    if (!chat) throw badRequest('chat not found');
    return groupTarget(chat);
  }
  if (chatId > 0) {
    const user = world.users.get(chatId);
    if (!user || user.id === bot.user.id) throw badRequest('chat not found');
    if (user.is_bot) throw forbidden("bot can't send messages to bots");
    const dialog = world.existingDialog(bot.user.id, user.id);
    if (!dialog) throw noDialog();
    return dialogTarget(dialog, user);
  }
  const chat = world.groupChat(chatId);
  if (!chat) throw badRequest('chat not found');
  return groupTarget(chat);
}

function membershipError(chat: ChatRecord, member: MemberRecord | undefined): Error | undefined {
  if (!member) return chat.username ? undefined : badRequest('chat not found');
  if (member.status === 'kicked') return forbidden(`bot was kicked from the ${CHAT_WORD[chat.type]} chat`);
  if (member.status === 'left') return forbidden(`bot is not a member of the ${CHAT_WORD[chat.type]} chat`);
  return undefined;
}

/** For sending: every rule that makes Telegram refuse a new message. */
export function sendTarget(core: EmulatorCore, bot: BotRecord, chatId: number | string): MessageTarget {
  const target = findTarget(core, bot, chatId, () => forbidden("bot can't initiate conversation with a user"));
  const { dialog, record } = target;
  if (dialog) {
    if (dialog.blocked) throw forbidden('bot was blocked by the user');
    const withinJoinRequestWindow = (dialog.joinRequestDmUntil ?? 0) > core.world.now();
    if (!dialog.started && !withinJoinRequestWindow) throw forbidden("bot can't initiate conversation with a user");
    return target;
  }
  if (!record) throw badRequest('chat not found');
  const member = record.members.get(bot.user.id);
  const error = membershipError(record, member) ?? (member ? undefined : forbidden(`bot is not a member of the ${CHAT_WORD[record.type]} chat`));
  if (error) throw error;
  if (member?.status === 'restricted') throw badRequest('not enough rights to send text messages to the chat');
  if (record.type === 'channel') {
    const canPost = member?.status === 'creator' || (member?.status === 'administrator' && member.rights?.can_post_messages !== false);
    if (!canPost) throw badRequest('need administrator rights in the channel chat');
  }
  return target;
}

/** For reading and managing: the bot must know the chat and still be in it. */
export function accessTarget(core: EmulatorCore, bot: BotRecord, chatId: number | string): MessageTarget {
  const target = findTarget(core, bot, chatId, () => badRequest('chat not found'));
  if (target.dialog) return target;
  if (!target.record) throw badRequest('chat not found');
  const error = membershipError(target.record, target.record.members.get(bot.user.id));
  if (error) throw error;
  return target;
}

/**
 * For administrator actions needing one right: invite links and join requests (can_invite_users; Telegram's answer is
 * CHAT_ADMIN_REQUIRED), bans (can_restrict_members; "not enough rights to restrict/unrestrict chat member").
 */
export function adminChat(
  core: EmulatorCore, bot: BotRecord, chatId: number | string, right: 'can_invite_users' | 'can_restrict_members',
  refusal = 'CHAT_ADMIN_REQUIRED',
): ChatRecord {
  const target = accessTarget(core, bot, chatId);
  if (!target.record) throw badRequest('method is available only for supergroups and channel');
  const member = target.record.members.get(bot.user.id);
  const allowed = member?.status === 'creator' || (member?.status === 'administrator' && member.rights?.[right] !== false);
  if (!allowed) throw badRequest(refusal);
  return target.record;
}
