/** What the runtime answers the bots module when it checks a token or refreshes a bot's chats (BotRuntime). */
import type { UserFromGetMe } from 'grammy/types';

export type TokenCheck = { status: 'valid'; me: UserFromGetMe } | { status: 'invalid' } | { status: 'unreachable' };

export type SyncOutcome = { status: 'done'; kept: number; removed: number } | { status: 'unauthorized' } | { status: 'unreachable' };

/** What the caller knows of the bot: its token, its Telegram id and the chats of its inventory. */
export type ChannelSyncInput = { token: string; botId: string; botTelegramId: number; chatIds: number[] };
