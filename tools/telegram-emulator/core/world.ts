// The emulated Telegram: users, bots, chats, private dialogs and pending callback queries, all in memory.
// Identifiers follow Telegram's conventions (bots' ids are their token prefix, basic groups are small negatives,
// supergroups and channels start with -100) so that code storing them meets realistic values.
import { BotApiError, badRequest } from './bot-api-error.ts';
import type { BotRecord, CallbackRecord, ChatRecord, DialogRecord, FileRecord, User } from './types.ts';
import { UpdateQueue } from './update-queue.ts';

const FIRST_USER_ID = 700_000_001;
const FIRST_GROUP_ID = 4_000_000_001;
const FIRST_SUPERGROUP_ID = 1_002_000_000_001;
const FIRST_BOT_ID = 7_000_000_001;

export class World {
  readonly users = new Map<number, User>();
  readonly bots = new Map<string, BotRecord>();
  readonly chats = new Map<number, ChatRecord>();
  readonly dialogs = new Map<string, DialogRecord>();
  readonly callbacks = new Map<string, CallbackRecord>();
  readonly files = new Map<string, FileRecord>();
  private readonly queues = new Map<number, UpdateQueue>();
  private clockOffsetMs = 0;
  private counters = { user: FIRST_USER_ID, group: FIRST_GROUP_ID, supergroup: FIRST_SUPERGROUP_ID, bot: FIRST_BOT_ID, callback: 1 };

  /** Milliseconds since the epoch, shifted by advanceTime so time rules can be tested without waiting. */
  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  unixTime(): number {
    return Math.floor(this.now() / 1000);
  }

  advanceTime(ms: number): void {
    this.clockOffsetMs += ms;
  }

  nextUserId(): number {
    while (this.users.has(this.counters.user)) this.counters.user++;
    return this.counters.user++;
  }

  nextBotId(): number {
    while (this.users.has(this.counters.bot)) this.counters.bot++;
    return this.counters.bot++;
  }

  nextChatId(type: 'group' | 'supergroup' | 'channel'): number {
    return type === 'group' ? -this.counters.group++ : -this.counters.supergroup++;
  }

  nextCallbackId(): string {
    return `${this.counters.callback++}${Math.floor(Math.random() * 1e9)}`;
  }

  queueOf(botId: number): UpdateQueue {
    let queue = this.queues.get(botId);
    if (!queue) {
      queue = new UpdateQueue();
      this.queues.set(botId, queue);
    }
    return queue;
  }

  botById(botId: number): BotRecord | undefined {
    const user = this.users.get(botId);
    if (!user?.is_bot) return undefined;
    for (const bot of this.bots.values()) if (bot.user.id === botId) return bot;
    return undefined;
  }

  userOrThrow(userId: number): User {
    const user = this.users.get(userId);
    if (!user) throw badRequest('user not found');
    return user;
  }

  /** Any method naming an upgraded group learns the new id the way Telegram tells it. */
  groupChat(chatId: number): ChatRecord | undefined {
    const chat = this.chats.get(chatId);
    if (chat?.migratedToId !== undefined) {
      throw badRequest('group chat was upgraded to a supergroup chat', { migrate_to_chat_id: chat.migratedToId });
    }
    return chat;
  }

  chatByUsername(username: string): ChatRecord | undefined {
    const wanted = username.replace(/^@/, '').toLowerCase();
    for (const chat of this.chats.values()) if (chat.username?.toLowerCase() === wanted) return chat;
    return undefined;
  }

  dialog(botId: number, userId: number): DialogRecord {
    const key = `${botId}:${userId}`;
    let dialog = this.dialogs.get(key);
    if (!dialog) {
      dialog = { botId, userId, started: false, blocked: false, messages: new Map(), nextMessageId: 1 };
      this.dialogs.set(key, dialog);
    }
    return dialog;
  }

  existingDialog(botId: number, userId: number): DialogRecord | undefined {
    return this.dialogs.get(`${botId}:${userId}`);
  }

  findInviteLink(link: string): ChatRecord | undefined {
    for (const chat of this.chats.values()) if (chat.inviteLinks.has(link)) return chat;
    return undefined;
  }

  /** Ends every waiting long poll; used by stop() and reset(). */
  closeAllPolls(error?: BotApiError): void {
    for (const queue of this.queues.values()) queue.cancelPoll(error);
  }

  clear(): void {
    this.closeAllPolls();
    this.users.clear();
    this.bots.clear();
    this.chats.clear();
    this.dialogs.clear();
    this.callbacks.clear();
    this.files.clear();
    this.queues.clear();
    this.clockOffsetMs = 0;
  }
}
