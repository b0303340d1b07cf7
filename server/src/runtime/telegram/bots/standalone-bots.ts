/**
 * Bot API calls for a bot that runs in another instance (docs/decisions.md#scale-out): only getUpdates and the
 * webhook belong to the bot's owner, any process may call the other methods with the token. An inbox reply, an
 * invite link or a flow test that reaches an instance which does not run the bot goes through an Api built here
 * from the active bot's token, with the running bot's transformers (429 and network handling, the outbound
 * recorder, the flow clock); a 401 switches the bot off as everywhere. Kept for a minute per bot and dropped when
 * the bot changes (switched off, deleted): a token is immutable, so a cached Api is never wrong for long. The
 * token stays inside grammY's client, never logged.
 */
import { Api } from 'grammy';
import type { Sql } from '../../../db/client.ts';
import { decryptSecret } from '../../../lib/crypto.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { ResilienceOptions, RetryTuning } from '../outbound/api-resilience.ts';
import type { ContactJournal } from '../journal/contact-journal.ts';
import { useProductTransformers } from './create-bot.ts';
import { createDirectSender, type DirectSender } from '../outbound/direct-send.ts';
import { findActiveBot } from './runtime-repository.ts';

const KEEP_MS = 60_000;

export type StandaloneBot = {
  botId: string;
  api: Api;
  /** Inbox replies: unrecorded, 429-only retries, as the running bot's sender. */
  send: DirectSender;
  username(): string | undefined;
  /** Set when Telegram answered 401: the bot is being switched off. */
  state: { revoked: boolean };
};

export type StandaloneBotsOptions = {
  sql: Sql;
  logger: Logger;
  apiRoot: string;
  encryptionKey: Uint8Array;
  journal: ContactJournal;
  retry?: RetryTuning | undefined;
  /** Aborted at shutdown: ends 429 waits. */
  signal: AbortSignal;
  onUnauthorized(botId: string, userId: string): void;
};

export type StandaloneBots = ReturnType<typeof createStandaloneBots>;

export function createStandaloneBots(options: StandaloneBotsOptions) {
  const cache = new Map<string, { bot: Promise<StandaloneBot | undefined>; until: number }>();

  async function build(botId: string): Promise<StandaloneBot | undefined> {
    const row = await findActiveBot(options.sql, botId);
    if (!row) return undefined;
    const token = decryptSecret(row.tokenEncrypted, options.encryptionKey);
    const state = { revoked: false };
    const log = options.logger.child({ botId });
    const resilience: ResilienceOptions = {
      ...options.retry,
      stopSignal: options.signal,
      onUnauthorized: () => {
        if (state.revoked) return;
        state.revoked = true;
        cache.delete(botId);
        options.onUnauthorized(botId, row.userId);
      },
      onRetry: (method, reason, delayMs) => log.warn('chamada ao Telegram repetida', { method, reason, delayMs }),
    };
    const api = new Api(token, { apiRoot: options.apiRoot });
    useProductTransformers(api, botId, options.journal, resilience);
    return {
      botId, api, state,
      send: createDirectSender(token, options.apiRoot, resilience),
      username: () => row.botInfo?.username ?? row.username,
    };
  }

  return {
    /** The active bot's standalone Api (built at most once a minute), or undefined when it is off or gone. */
    async get(botId: string): Promise<StandaloneBot | undefined> {
      const cached = cache.get(botId);
      if (cached && cached.until > Date.now()) {
        const bot = await cached.bot;
        if (bot && !bot.state.revoked) return bot;
      }
      const entry = { bot: build(botId), until: Date.now() + KEEP_MS };
      cache.set(botId, entry);
      const bot = await entry.bot.catch((error: unknown) => {
        if (cache.get(botId) === entry) cache.delete(botId);
        throw error;
      });
      // A bot off or gone is not remembered: switched on again, it is found at once.
      if (!bot && cache.get(botId) === entry) cache.delete(botId);
      return bot;
    },
    /** The bot changed (switched on or off, deleted); no argument: everything. */
    forget(botId?: string) {
      if (botId === undefined) cache.clear();
      else cache.delete(botId);
    },
  };
}
