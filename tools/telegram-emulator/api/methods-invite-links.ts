// Invite links: additional links with a name, an expiry, a member limit or approval (createChatInviteLink), their
// edits and revocation, the primary link (exportChatInviteLink), and channel subscription links paid in Telegram
// Stars (createChatSubscriptionInviteLink). All need the bot to be an administrator with can_invite_users.
import { badRequest } from '../core/bot-api-error.ts';
import { inviteLinkOf } from '../core/serialize.ts';
import type { ChatRecord, InviteLinkRecord } from '../core/types.ts';
import { adminChat } from './chat-access.ts';
import type { MethodCall, MethodHandler } from './method-call.ts';

/** The only subscription period Telegram accepts: 30 days. */
export const SUBSCRIPTION_PERIOD = 2_592_000;
export const MAX_SUBSCRIPTION_PRICE = 10_000;

export function newInviteLinkUrl(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `https://t.me/+${Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

function readName(call: MethodCall): { name?: string } {
  const name = call.params.optString('name');
  if (name !== undefined && name.length > 32) throw badRequest('invite link name is too long');
  return name ? { name } : {};
}

function readLinkOptions(call: MethodCall): Pick<InviteLinkRecord, 'name' | 'expireDate' | 'memberLimit' | 'createsJoinRequest'> {
  const { params, core } = call;
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
    ...readName(call),
    ...(expireDate ? { expireDate } : {}),
    ...(memberLimit ? { memberLimit } : {}),
  };
}

function newLink(chat: ChatRecord, call: MethodCall, fields: Omit<InviteLinkRecord, 'link' | 'chatId' | 'creatorId' | 'isRevoked' | 'joinedCount'>) {
  const record: InviteLinkRecord = {
    link: newInviteLinkUrl(), chatId: chat.id, creatorId: call.bot.user.id, isRevoked: false, joinedCount: 0, ...fields,
  };
  chat.inviteLinks.set(record.link, record);
  return record;
}

/** A link the bot may change: Telegram answers INVITE_HASH_EXPIRED for unknown and revoked links alike. */
function editableLink(call: MethodCall): InviteLinkRecord {
  const chat = adminChat(call.core, call.bot, call.params.chatId(), 'can_invite_users');
  const record = chat.inviteLinks.get(call.params.optString('invite_link') ?? '');
  if (!record || record.isRevoked) throw badRequest('INVITE_HASH_EXPIRED');
  return record;
}

const createChatInviteLink: MethodHandler = (call) => {
  const chat = adminChat(call.core, call.bot, call.params.chatId(), 'can_invite_users');
  const record = newLink(chat, call, { isPrimary: false, ...readLinkOptions(call) });
  return inviteLinkOf(record, call.bot.user.id, call.core.world);
};

const editChatInviteLink: MethodHandler = (call) => {
  const record = editableLink(call);
  if (record.subscriptionPrice !== undefined) throw badRequest('SUBSCRIPTION_EDIT_FORBIDDEN');
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
  return newLink(chat, call, { isPrimary: true, createsJoinRequest: false }).link;
};

// Subscription links exist in channels only; the period is always 30 days and the price 1-10000 Stars.
const createChatSubscriptionInviteLink: MethodHandler = (call) => {
  const chat = adminChat(call.core, call.bot, call.params.chatId(), 'can_invite_users');
  if (chat.type !== 'channel') throw badRequest('subscription links can be created only in channels');
  const period = call.params.int('subscription_period', 'subscription_period is empty');
  if (period !== SUBSCRIPTION_PERIOD) throw badRequest('SUBSCRIPTION_PERIOD_INVALID');
  const price = call.params.int('subscription_price', 'subscription_price is empty');
  if (price < 1 || price > MAX_SUBSCRIPTION_PRICE) throw badRequest('SUBSCRIPTION_PRICE_INVALID');
  const record = newLink(chat, call, {
    isPrimary: false, createsJoinRequest: false, subscriptionPeriod: period, subscriptionPrice: price, ...readName(call),
  });
  return inviteLinkOf(record, call.bot.user.id, call.core.world);
};

// Only the name of a subscription link can change.
const editChatSubscriptionInviteLink: MethodHandler = (call) => {
  const record = editableLink(call);
  if (record.subscriptionPrice === undefined) throw badRequest('the link is not a subscription link');
  delete record.name;
  Object.assign(record, readName(call));
  return inviteLinkOf(record, call.bot.user.id, call.core.world);
};

export const inviteLinkMethods: Record<string, MethodHandler> = {
  createChatInviteLink,
  editChatInviteLink,
  revokeChatInviteLink,
  exportChatInviteLink,
  createChatSubscriptionInviteLink,
  editChatSubscriptionInviteLink,
};
