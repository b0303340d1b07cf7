// Creating the cast: bots (token → bot user), users and chats. Also the lookups every other control module uses.
import type { EmulatorCore } from '../core/emulator-core.ts';
import { chatOf } from '../core/serialize.ts';
import type { BotRecord, ChatRecord, GroupChatType, User, UserFromGetMe } from '../core/types.ts';

export class ControlError extends Error {
  override name = 'ControlError';
}

export interface CreateBotInput {
  /** "<bot id>:<secret>"; generated when omitted. */
  token?: string;
  /** Must end in "bot", as Telegram requires. */
  username: string;
  first_name?: string;
  /** Privacy mode off: the bot sees every group message, not only commands and replies. */
  canReadAllGroupMessages?: boolean;
  canJoinGroups?: boolean;
}

export interface CreatedBot {
  token: string;
  id: number;
  username: string;
  user: UserFromGetMe;
}

export interface CreateUserInput {
  id?: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export interface CreateChatInput {
  type: GroupChatType;
  title: string;
  username?: string;
  description?: string;
  /** "Approve new members": joining by username becomes a join request. */
  joinByRequest?: boolean;
  /** The owner; a user named "Owner" is created when omitted. */
  creatorId?: number;
}

export type CreatedChat = ReturnType<typeof chatOf> & { creatorId: number };

function randomSecret(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return `AA${Array.from(crypto.getRandomValues(new Uint8Array(33)), (b) => alphabet[b % alphabet.length]).join('')}`;
}

export function createBot(core: EmulatorCore, input: CreateBotInput): CreatedBot {
  const { world } = core;
  if (!/^[A-Za-z][A-Za-z0-9_]{1,28}bot$/i.test(input.username)) {
    throw new ControlError('a bot username must be 5-32 characters of letters, digits or _ and end in "bot"');
  }
  if ([...world.bots.values()].some((b) => b.user.username.toLowerCase() === input.username.toLowerCase())) {
    throw new ControlError(`bot username @${input.username} is taken`);
  }
  const token = input.token ?? `${world.nextBotId()}:${randomSecret()}`;
  const match = /^(\d+):[\w-]+$/.exec(token);
  if (!match) throw new ControlError('a token looks like "123456789:AA..."');
  if (world.bots.has(token)) throw new ControlError('this token is already registered');
  const user: UserFromGetMe = {
    id: Number(match[1]), is_bot: true, first_name: input.first_name ?? input.username, username: input.username,
    can_join_groups: input.canJoinGroups ?? true, can_read_all_group_messages: input.canReadAllGroupMessages ?? false,
    supports_inline_queries: false, can_connect_to_business: false, has_main_web_app: false, has_topics_enabled: false,
    allows_users_to_create_topics: false, can_manage_bots: false, supports_join_request_queries: false,
  };
  const publicUser: User = { id: user.id, is_bot: true, first_name: user.first_name, username: user.username };
  world.users.set(user.id, publicUser);
  world.bots.set(token, { token, user, publicUser, commands: new Map() });
  return { token, id: user.id, username: user.username, user };
}

export function createUser(core: EmulatorCore, input: CreateUserInput): User {
  const id = input.id ?? core.world.nextUserId();
  if (core.world.users.has(id)) throw new ControlError(`user ${id} already exists`);
  const user: User = {
    id, is_bot: false, first_name: input.first_name,
    ...(input.last_name ? { last_name: input.last_name } : {}),
    ...(input.username ? { username: input.username } : {}),
    ...(input.language_code ? { language_code: input.language_code } : {}),
  };
  core.world.users.set(id, user);
  return user;
}

export type UpdateUserInput = { id: number } & Partial<Pick<User, 'first_name' | 'last_name' | 'username' | 'language_code'>>;

/**
 * A user edits their profile in the app. Telegram sends no update for that: bots see the new names and username
 * on the user's next message, button press or join, which is what the emulator does too. '' removes a field.
 */
export function updateUser(core: EmulatorCore, input: UpdateUserInput): User {
  const current = findUser(core, input.id);
  const next: User = { ...current };
  if (input.first_name) next.first_name = input.first_name;
  for (const key of ['last_name', 'username', 'language_code'] as const) {
    const value = input[key];
    if (value === '') delete next[key];
    else if (value !== undefined) next[key] = value;
  }
  core.world.users.set(next.id, next);
  return next;
}

export function createChat(core: EmulatorCore, input: CreateChatInput): CreatedChat {
  const creatorId = input.creatorId ?? createUser(core, { first_name: 'Owner' }).id;
  findUser(core, creatorId);
  if (input.username && core.world.chatByUsername(input.username)) throw new ControlError(`@${input.username} is taken`);
  if (input.type === 'group' && input.username) throw new ControlError('basic groups cannot be public; use a supergroup');
  const chat: ChatRecord = {
    id: core.world.nextChatId(input.type), type: input.type, title: input.title,
    ...(input.username ? { username: input.username.replace(/^@/, '') } : {}),
    ...(input.description ? { description: input.description } : {}),
    joinByRequest: input.joinByRequest ?? false, creatorId,
    members: new Map([[creatorId, { status: 'creator' }]]), joinRequests: new Map(), inviteLinks: new Map(),
    messages: new Map(), nextMessageId: 1,
  };
  core.world.chats.set(chat.id, chat);
  return { ...chatOf(chat), creatorId };
}

export function findBot(core: EmulatorCore, ref: string): BotRecord {
  const direct = core.world.bots.get(ref);
  if (direct) return direct;
  const name = ref.replace(/^@/, '').toLowerCase();
  for (const bot of core.world.bots.values()) if (bot.user.username.toLowerCase() === name) return bot;
  throw new ControlError(`unknown bot ${ref}`);
}

export function findUser(core: EmulatorCore, userId: number): User {
  const user = core.world.users.get(userId);
  if (!user) throw new ControlError(`unknown user ${userId}`);
  return user;
}

export function findChat(core: EmulatorCore, chatId: number): ChatRecord {
  const chat = core.world.chats.get(chatId);
  if (!chat) throw new ControlError(`unknown chat ${chatId}`);
  if (chat.migratedToId !== undefined) throw new ControlError(`chat ${chatId} was upgraded to ${chat.migratedToId}`);
  return chat;
}
