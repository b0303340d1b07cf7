/**
 * Sincronizar (docs/decisions.md#d-bots-channels): refresh every known chat from Telegram — title, type and username (getChat) and the
 * bot's rights (getChatMember on itself). A chat that is gone, or where the bot is no longer an administrator,
 * leaves the inventory. Any other Telegram failure (network, 5xx, a long flood wait) ends the sync as
 * "unreachable"; chats already refreshed stay refreshed. A 401 is reported so the caller can switch the bot off.
 */
import { Api, GrammyError, HttpError } from 'grammy';
import type { Queryable } from '../../../db/client.ts';
import { resilienceTransformer } from '../outbound/api-resilience.ts';
import { rightsOf } from '../features/channels.ts';
import { deleteChannel, migrateChannel, upsertChannel } from './runtime-repository.ts';
import type { SyncOutcome, ChannelSyncInput } from '../../../ports/bot-admin.ts';



export async function syncChannels(input: ChannelSyncInput & { sql: Queryable; apiRoot: string }): Promise<SyncOutcome> {
  let unauthorized = false;
  const api = new Api(input.token, { apiRoot: input.apiRoot, timeoutSeconds: 15 });
  api.config.use(resilienceTransformer({ onUnauthorized: () => (unauthorized = true), maxAttempts: 2, maxRetryAfterSeconds: 5 }));
  let kept = 0;
  let removed = 0;
  try {
    for (const chatId of input.chatIds) {
      const state = await readChat(api, chatId, input.botTelegramId);
      if (state.kind === 'migrated') {
        await migrateChannel(input.sql, input.botId, chatId, state.toChatId);
        kept++;
      } else if (state.kind === 'gone') {
        await deleteChannel(input.sql, input.botId, chatId);
        removed++;
      } else {
        await upsertChannel(input.sql, input.botId, state.facts, state.rights);
        kept++;
      }
    }
  } catch (error) {
    if (unauthorized) return { status: 'unauthorized' };
    if (error instanceof GrammyError || error instanceof HttpError) return { status: 'unreachable' };
    throw error;
  }
  return { status: 'done', kept, removed };
}

type ChatState =
  | { kind: 'gone' }
  | { kind: 'migrated'; toChatId: number }
  | { kind: 'admin'; facts: Parameters<typeof upsertChannel>[2]; rights: Parameters<typeof upsertChannel>[3] };

async function readChat(api: Api, chatId: number, botTelegramId: number): Promise<ChatState> {
  try {
    const chat = await api.getChat(chatId);
    const member = await api.getChatMember(chatId, botTelegramId);
    if (chat.type === 'private' || member.status !== 'administrator') return { kind: 'gone' };
    return {
      kind: 'admin',
      facts: { chatId, title: chat.title, type: chat.type, username: chat.username ?? null },
      rights: rightsOf(member),
    };
  } catch (error) {
    if (!(error instanceof GrammyError) || error.error_code === 401) throw error;
    const movedTo = error.parameters.migrate_to_chat_id;
    if (movedTo !== undefined) return { kind: 'migrated', toChatId: movedTo };
    // 400 chat not found, 403 kicked / not a member: the bot has no business with this chat any more.
    if (error.error_code === 400 || error.error_code === 403) return { kind: 'gone' };
    throw error;
  }
}
