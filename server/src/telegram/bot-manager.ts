/**
 * Bot lifecycle (issue 3): one grammY bot per active registered bot, started at boot (startAll, after the
 * migrations) and by the API on registration/activation, stopped on deactivation/removal and at shutdown.
 * - Long polling with @grammyjs/runner by default; webhook mode when a public https URL is configured (the
 *   secret_token is derived from the server key, so nothing extra is stored).
 * - One process owns a bot's updates (Telegram answers 409 to a second poller): this manager is that owner.
 * - Telegram answering 401 switches the bot off with a reason the bot screens show (decisions §3).
 * - A runner that dies for another reason (409 conflict, a bug) is restarted after a pause, never in a loop.
 * Stopping waits for the updates in flight, and aborts retry waits, so a shutdown is quick and leaves nothing.
 */
import { run, type RunnerHandle } from '@grammyjs/runner';
import { BotError, type Bot } from 'grammy';
import type { Sql } from '../db/client.ts';
import { decryptSecret, deriveSecretHex, secretsEqual } from '../lib/crypto.ts';
import type { Logger } from '../lib/logger.ts';
import type { ResilienceOptions } from './api-resilience.ts';
import type { BotRuntime } from './bot-runtime.ts';
import { createChannelCache, type ChannelCache } from './channel-cache.ts';
import { createContactJournal } from './contact-journal.ts';
import { ALLOWED_UPDATES, createProductBot } from './create-bot.ts';
import { RecentUpdates } from './recent-updates.ts';
import * as repo from './runtime-repository.ts';

export const TOKEN_REJECTED_REASON = 'O Telegram recusou o token deste bot. Cadastre um token válido.';
const RESTART_DELAY_MS = 5000;

export type BotManagerOptions = {
  sql: Sql;
  logger: Logger;
  apiRoot: string;
  encryptionKey: Uint8Array;
  /** Base URL Telegram can reach (https in production); undefined = long polling. */
  webhookBaseUrl?: string | undefined;
  notify?(userId: string, topic: string, payload: Record<string, unknown>): void;
  /** Retry tuning (tests shorten the backoff). */
  retry?: Pick<ResilienceOptions, 'baseDelayMs' | 'maxDelayMs' | 'maxAttempts'>;
};

type Entry = {
  botId: string;
  userId: string;
  bot: Bot;
  cache: ChannelCache;
  stop: AbortController;
  handle?: RunnerHandle;
  inFlight: Set<Promise<void>>;
  recent: RecentUpdates;
  revoked: boolean;
};

export type BotManager = BotRuntime & { startAll(): Promise<void>; stopAll(): Promise<void>; flush(): Promise<void> };

export function createBotManager(options: BotManagerOptions): BotManager {
  const { sql, logger } = options;
  const journal = createContactJournal(sql, logger);
  const running = new Map<string, Entry>();
  const starting = new Map<string, Promise<void>>();
  const restarts = new Map<string, ReturnType<typeof setTimeout>>();
  const secretOf = (botId: string) => deriveSecretHex(options.encryptionKey, `webhook:${botId}`);
  let closed = false;

  async function startNow(botId: string): Promise<void> {
    const row = await repo.findActiveBot(sql, botId);
    if (!row || closed || running.has(botId)) return;
    const log = logger.child({ botId });
    const stop = new AbortController();
    const cache = createChannelCache((chatId) => repo.loadChannelConfig(sql, botId, chatId));
    const entry: Partial<Entry> & Pick<Entry, 'revoked'> = { revoked: false };
    const bot = createProductBot({
      token: decryptSecret(row.tokenEncrypted, options.encryptionKey),
      apiRoot: options.apiRoot,
      botInfo: row.botInfo ?? undefined,
      deps: {
        botId, userId: row.userId, sql, logger: log, journal, channels: cache,
        channelsChanged: () => options.notify?.(row.userId, 'channels.changed', { botId }),
      },
      resilience: {
        ...options.retry,
        stopSignal: stop.signal,
        onUnauthorized: () => {
          entry.revoked = true;
          void revoke(botId, row.userId);
        },
        onRetry: (method, reason, delayMs) => log.warn('chamada ao Telegram repetida', { method, reason, delayMs }),
      },
    });
    await bot.init();
    Object.assign(entry, { botId, userId: row.userId, bot, cache, stop, inFlight: new Set(), recent: new RecentUpdates() });
    const ready = entry as Entry;
    if (options.webhookBaseUrl) {
      await bot.api.setWebhook(`${options.webhookBaseUrl}/api/telegram/webhook/${botId}`, {
        secret_token: secretOf(botId),
        allowed_updates: [...ALLOWED_UPDATES],
      });
    } else {
      // A webhook left from an earlier configuration would make every getUpdates fail with 409.
      await bot.api.deleteWebhook();
      ready.handle = run(bot, { runner: { fetch: { allowed_updates: [...ALLOWED_UPDATES], timeout: 30 }, silent: true } });
      void ready.handle.task()?.then(
        () => afterRunnerEnd(ready, undefined),
        (error: unknown) => afterRunnerEnd(ready, error),
      );
    }
    running.set(botId, ready);
    log.info('bot iniciado', { mode: options.webhookBaseUrl ? 'webhook' : 'polling' });
  }

  function afterRunnerEnd(entry: Entry, error: unknown) {
    if (running.get(entry.botId) !== entry || entry.stop.signal.aborted || entry.revoked || closed) return;
    logger.error('recebimento de updates interrompido; reiniciando em instantes', { botId: entry.botId, error });
    running.delete(entry.botId);
    restarts.set(entry.botId, setTimeout(() => {
      restarts.delete(entry.botId);
      void manager.start(entry.botId);
    }, RESTART_DELAY_MS));
  }

  async function revoke(botId: string, userId: string) {
    logger.warn('token recusado pelo Telegram; bot desativado', { botId });
    await repo.markInactive(sql, botId, TOKEN_REJECTED_REASON).catch((error: unknown) => logger.error('falha ao desativar bot', { botId, error }));
    options.notify?.(userId, 'bots.changed', { botId });
    await manager.stop(botId, { forget: false });
  }

  async function stopEntry(entry: Entry, forget: boolean) {
    entry.stop.abort();
    await entry.handle?.stop();
    await Promise.allSettled([...entry.inFlight]);
    if (forget && options.webhookBaseUrl) await entry.bot.api.deleteWebhook().catch(() => undefined);
  }

  const manager: BotManager = {
    async start(botId) {
      const pending = starting.get(botId);
      if (pending) return pending;
      const task = startNow(botId)
        .catch((error: unknown) => logger.error('falha ao iniciar bot', { botId, error }))
        .finally(() => starting.delete(botId));
      starting.set(botId, task);
      return task;
    },
    async stop(botId, stopOptions = {}) {
      clearTimeout(restarts.get(botId));
      restarts.delete(botId);
      await starting.get(botId);
      const entry = running.get(botId);
      if (!entry) return;
      running.delete(botId);
      await stopEntry(entry, stopOptions.forget ?? true);
      logger.info('bot parado', { botId });
    },
    invalidate(botId, chatId) {
      running.get(botId)?.cache.invalidate(chatId);
    },
    handleWebhook(botId, secret, update) {
      if (secret === null || !secretsEqual(secret, secretOf(botId))) return 'forbidden';
      const entry = running.get(botId);
      if (!entry) return 'not-running';
      if (!entry.recent.add(update.update_id)) return 'duplicate';
      // Acknowledged at once (Telegram retries slow answers); the work happens after, in per-chat order.
      const tracked = entry.bot.handleUpdate(update).catch(async (error: unknown) => {
        if (error instanceof BotError) await entry.bot.errorHandler(error);
        else logger.error('falha ao processar update', { botId, error });
      });
      entry.inFlight.add(tracked);
      void tracked.finally(() => entry.inFlight.delete(tracked));
      return 'accepted';
    },
    isRunning: (botId) => running.has(botId),
    async startAll() {
      const rows = await repo.listActiveBots(sql);
      // A few at a time: a server with hundreds of bots should not open hundreds of requests at once.
      for (let index = 0; index < rows.length; index += 8) {
        await Promise.all(rows.slice(index, index + 8).map((row) => manager.start(row.id)));
      }
    },
    async stopAll() {
      closed = true;
      for (const timer of restarts.values()) clearTimeout(timer);
      restarts.clear();
      await Promise.allSettled([...starting.values()]);
      const entries = [...running.values()];
      running.clear();
      await Promise.allSettled(entries.map((entry) => stopEntry(entry, false)));
      await journal.close();
    },
    flush: () => journal.flush(),
  };
  return manager;
}
