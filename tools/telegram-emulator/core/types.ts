// The emulator's state records. Wire objects (what bots receive) reuse grammY's Bot API typings so that a
// shape that drifts from the real API fails typechecking instead of failing silently in the product.
import type {
  BotCommand,
  CallbackQuery,
  ChatAdministratorRights,
  ChatJoinRequest,
  ChatMemberUpdated,
  InlineKeyboardMarkup,
  Message,
  MessageEntity,
  PreCheckoutQuery,
  User,
  UserFromGetMe,
} from 'grammy/types';

export type {
  CallbackQuery,
  ChatAdministratorRights,
  ChatJoinRequest,
  ChatMemberUpdated,
  InlineKeyboardMarkup,
  Message,
  MessageEntity,
  PreCheckoutQuery,
  User,
  UserFromGetMe,
};

export type ChatType = 'private' | 'group' | 'supergroup' | 'channel';
export type GroupChatType = Exclude<ChatType, 'private'>;
export type MemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';

/** The update payloads the emulator produces; exactly one key besides update_id, as on Telegram. */
export type UpdatePayload =
  | { message: Message }
  | { edited_message: Message }
  | { channel_post: Message }
  | { callback_query: CallbackQuery }
  | { my_chat_member: ChatMemberUpdated }
  | { chat_member: ChatMemberUpdated }
  | { chat_join_request: ChatJoinRequest }
  | { pre_checkout_query: PreCheckoutQuery };
export type EmulatedUpdate = UpdatePayload & { update_id: number };

export const UPDATE_TYPES = [
  'message', 'edited_message', 'channel_post', 'edited_channel_post', 'business_connection', 'business_message',
  'edited_business_message', 'deleted_business_messages', 'message_reaction', 'message_reaction_count',
  'inline_query', 'chosen_inline_result', 'callback_query', 'shipping_query', 'pre_checkout_query',
  'purchased_paid_media', 'poll', 'poll_answer', 'my_chat_member', 'chat_member', 'chat_join_request',
  'chat_boost', 'removed_chat_boost',
] as const;
export type UpdateType = (typeof UPDATE_TYPES)[number];

/** Telegram leaves these out unless a bot lists them in allowed_updates. */
export const OPT_IN_UPDATE_TYPES: readonly UpdateType[] = ['chat_member', 'message_reaction', 'message_reaction_count'];

export interface MemberRecord {
  status: MemberStatus;
  rights?: ChatAdministratorRights;
  /** kicked/restricted: when the restriction ends (0 = forever); member: when a paid subscription ends. */
  untilDate?: number;
  /** The invite link the user joined through: member_limit counts the link's members still in the chat. */
  viaLink?: string;
  /** A channel subscription paid through a subscription link. */
  subscription?: { link: string; autoRenew: boolean };
}

export interface StoredMessage {
  message: Message;
  /** Set when a bot sent the message: only that bot may edit it and receives its button presses. */
  senderBotId?: number;
}

export interface InviteLinkRecord {
  link: string;
  chatId: number;
  creatorId: number;
  name?: string;
  expireDate?: number;
  memberLimit?: number;
  createsJoinRequest: boolean;
  isPrimary: boolean;
  isRevoked: boolean;
  joinedCount: number;
  /** Subscription links (createChatSubscriptionInviteLink): seconds per period and Stars per period. */
  subscriptionPeriod?: number;
  subscriptionPrice?: number;
}

export interface JoinRequestRecord {
  userId: number;
  date: number;
  inviteLink?: string;
  bio?: string;
}

export interface ChatRecord {
  id: number;
  type: GroupChatType;
  title: string;
  username?: string;
  description?: string;
  /** Public chats with "approve new members" on: a join by username becomes a join request. */
  joinByRequest: boolean;
  creatorId: number;
  members: Map<number, MemberRecord>;
  joinRequests: Map<number, JoinRequestRecord>;
  inviteLinks: Map<string, InviteLinkRecord>;
  messages: Map<number, StoredMessage>;
  nextMessageId: number;
  migratedToId?: number;
  migratedFromId?: number;
}

/** A private chat seen from one bot: Telegram keeps blocking and "has started" per user and bot. */
export interface DialogRecord {
  botId: number;
  userId: number;
  started: boolean;
  blocked: boolean;
  /** user_chat_id rule: a join request lets admin bots write to the user until this instant (ms). */
  joinRequestDmUntil?: number;
  messages: Map<number, StoredMessage>;
  nextMessageId: number;
}

export interface WebhookConfig {
  url: string;
  secretToken?: string;
  maxConnections: number;
  lastErrorDate?: number;
  lastErrorMessage?: string;
}

export interface BotRecord {
  token: string;
  /** What getMe answers. */
  user: UserFromGetMe;
  /** How the bot appears inside updates and messages: a plain User, without getMe's capability fields. */
  publicUser: User;
  /** setMyCommands lists keyed by scope type and language code. */
  commands: Map<string, BotCommand[]>;
  webhook?: WebhookConfig;
}

export interface CallbackRecord {
  id: string;
  botId: number;
  userId: number;
  chatId: number;
  messageId: number;
  data: string;
  createdAt: number;
  answered: boolean;
  answer?: { text?: string; show_alert?: boolean; url?: string };
}

export type MediaType = 'photo' | 'video' | 'audio' | 'document';

/** A file the emulator "stored": its file_id can be sent again, as on Telegram. */
export interface FileRecord {
  fileId: string;
  fileUniqueId: string;
  type: MediaType;
  size?: number;
  fileName?: string;
  mimeType?: string;
  url?: string;
}

export interface SentMedia {
  type: MediaType;
  fileId: string;
  url?: string;
  fileName?: string;
  caption?: string;
}

/** One thing a bot did to a chat, as tests want to read it. */
export interface SentRecord {
  seq: number;
  /** When the emulator accepted it (ms since the epoch): rate assertions count these per sliding second. */
  atMs: number;
  token: string;
  botId: number;
  method: string;
  chatId: number;
  messageId: number;
  text?: string;
  caption?: string;
  parse_mode?: string;
  entities?: MessageEntity[];
  reply_markup?: unknown;
  media?: SentMedia[];
  date: number;
  message?: Message;
}
