/**
 * Bot lifecycle (issue 3): one grammY bot per active registered bot, started at boot (startAll, after the
 * migrations) and by the API on registration/activation, stopped on deactivation/removal and at shutdown.
 * - Long polling with @grammyjs/runner by default; webhook mode when a public https URL is configured (the
 *   secret_token is derived from the server key, so nothing extra is stored).
 * - One process owns a bot's updates (Telegram answers 409 to a second poller): with long polling, the instance
 *   holding the bot's lease in the database (polling-lease.ts, docs/decisions.md#scale-out) polls it batch by batch
 *   from the stored offset (update-poller.ts).
 * - Telegram answering 401 switches the bot off with a reason the bot screens show (docs/decisions.md#d-bots-channels).
 * - A bot that fails to start (Telegram unreachable at boot) or whose runner dies (409 conflict, a bug) is
 *   started again after a growing pause, never in a tight loop; a stopped or switched-off bot is not.
 * Stopping waits for the updates in flight, and aborts retry waits, so a shutdown is quick and leaves nothing.
 */
import { BotError } from 'grammy';
import type { Sql } from '../../db/client.ts';
import { deriveSecretHex, secretsEqual } from '../../lib/crypto.ts';
import type { Logger } from '../../lib/logger.ts';
import type { JobWorker } from '../../jobs/worker.ts';
import type { Notifier } from '../../db/notify.ts';
import { createPollingLease } from './polling-lease.ts';
import { startUpdatePoller, type UpdatePoller } from './update-poller.ts';
import type { ResilienceOptions } from './api-resilience.ts';
import type { BotRuntime } from './bot-runtime.ts';
import { createBotEntry, stopBotEntry, type BotEntry } from './bot-entry.ts';
import { createContactJournal, type StoredMessage } from './contact-journal.ts';
import { NOT_RUNNING } from './direct-send.ts';
import { BROADCAST_NOT_RUNNING } from './broadcast-send.ts';
import { callInviteLink, INVITE_NOT_RUNNING } from './invite-links.ts';
import { createFlowEngine } from '../flow-engine/flow-engine.ts';
import { createFlowGeneration } from '../flow-engine/flow-generation.ts';
import type { MediaStore } from '../../modules/media/media-store.ts';
import { runFlowTest } from '../flow-engine/flow-test.ts';
import { ALLOWED_UPDATES } from './create-bot.ts';
import * as repo from './runtime-repository.ts';
import { commitOffset, markHandling } from './polling-lease-repository.ts';

export const TOKEN_REJECTED_REASON = 'O Telegram recusou o token deste bot. Cadastre um token válido.';
const RESTART_DELAY_MS = 5000;
const MAX_RESTART_DELAY_MS = 5 * 60_000;

export type BotManagerOptions = {
  sql: Sql;
  logger: Logger;
  apiRoot: string;
  encryptionKey: Uint8Array;
  /**
   * Base URL Telegram can reach (https in production); undefined = long polling. Read when a bot starts: the
   * composition root knows the listening port only after the HTTP server (which needs this runtime) is up.
   */
  webhookBaseUrl?: () => string | undefined;
  notify?(userId: string, topic: string, payload: Record<string, unknown>): void;
  /** Retry tuning (tests shorten the backoff). */
  retry?: Pick<ResilienceOptions, 'baseDelayMs' | 'maxDelayMs' | 'maxAttempts'>;
  /** http_request may reach loopback and private addresses (FLOW_HTTP_ALLOW_PRIVATE). */
  flowHttpAllowPrivate?: boolean;
  /** Uploaded files that send_media nodes send (DATA_DIR/media). */
  media?: MediaStore;
  /** Messages the runtime stored (a user wrote, a flow or welcome answered), after commit. */
  onMessagesStored?(messages: StoredMessage[]): void;
  /** The job queue's worker: durable delays run on it (flow.resume). */
  jobs: JobWorker;
  /** Change events shared with the other instances on the database (docs/decisions.md#scale-out). */
  peers?: Pick<Notifier, 'publish' | 'subscribe'>;
  /** Tests only: shorter polling leases (docs/decisions.md#scale-out). */
  polling?: { leaseMs?: number; tickMs?: number };
};

export type BotManager = BotRuntime & {
  startAll(): Promise<void>;
  /** Shutdown, first step: polling stops and every lease goes back, so another instance takes the bots at once. */
  stopPolling(): Promise<void>;
  stopAll(): Promise<void>;
};

/** How long stopping waits for bot starts still talking to Telegram before it goes on without them. */
const STARTING_WAIT_MS = 2_000;

const PEER_TOPICS = { polling: 'polling.changed', flows: 'runtime.flows-changed', channel: 'runtime.channel-changed' } as const;

export function createBotManager(options: BotManagerOptions): BotManager {
  const { sql, logger } = options;
  const generation = createFlowGeneration();
  const flows = createFlowEngine({
    sql,
    logger: logger.child({ component: 'flows' }),
    allowPrivateHttp: options.flowHttpAllowPrivate ?? false,
    jobs: options.jobs,
    media: options.media,
    generation,
  });
  const journal = createContactJournal(sql, logger, {
    onContactChanges: (changes) => void flows.contactsChanged(changes),
    ...(options.onMessagesStored ? { onMessagesStored: options.onMessagesStored } : {}),
  });
  const running = new Map<string, BotEntry>();
  const starting = new Map<string, Promise<void>>();
  const restarts = new Map<string, ReturnType<typeof setTimeout>>();
  const secretOf = (botId: string) => deriveSecretHex(options.encryptionKey, `webhook:${botId}`);
  const webhookBase = () => options.webhookBaseUrl?.();
  let closed = false;
  // Aborts the Telegram calls of bot starts still in progress when the manager stops (an unreachable API would
  // otherwise hold the shutdown for minutes: grammY's requests wait up to 500 s).
  const closing = new AbortController();
  // grammY types its signals with the abort-controller shim; the platform's AbortSignal is what it really uses.
  const stopSignal = closing.signal as Parameters<BotEntry['bot']['init']>[0];
  const close = () => {
    closed = true;
    closing.abort();
  };

  // --- Long polling under a lease (docs/decisions.md#scale-out) ---
  const polling = () => webhookBase() === undefined;
  const pollers = new Map<string, UpdatePoller>();
  const startOffsets = new Map<string, number | undefined>();
  const peers = options.peers;
  const lease = createPollingLease({
    sql,
    logger: logger.child({ component: 'polling' }),
    leaseMs: options.polling?.leaseMs,
    tickMs: options.polling?.tickMs,
    acquired: (claim) => {
      startOffsets.set(claim.botId, claim.startOffset);
      return startAttempt(claim.botId, 0);
    },
    dropped: (botId) => stopHere(botId, false),
    announce: () => void peers?.publish(PEER_TOPICS.polling).catch(() => undefined),
  });
  const unsubscribe = peers
    ? [
        peers.subscribe(PEER_TOPICS.polling, () => void lease.poke()),
        peers.subscribe(PEER_TOPICS.flows, () => generation.bump()),
        peers.subscribe(PEER_TOPICS.channel, ({ payload }) => {
          const chatId = typeof payload.chatId === 'number' ? payload.chatId : undefined;
          if (typeof payload.botId === 'string') running.get(payload.botId)?.cache.invalidate(chatId);
        }),
      ]
    : [];
  let flowsAnnounced = false;

  function startPolling(entry: BotEntry, log: typeof logger) {
    const botId = entry.botId;
    const poller = startUpdatePoller({
      bot: entry.bot,
      logger: log,
      allowedUpdates: ALLOWED_UPDATES,
      offset: startOffsets.get(botId),
      store: {
        markHandling: (through, next) => {
          if (next !== undefined) startOffsets.set(botId, next);
          return markHandling(sql, lease.instanceId, botId, through, next);
        },
        commitOffset: (next) => {
          startOffsets.set(botId, next);
          return commitOffset(sql, lease.instanceId, botId, next);
        },
      },
      flush: () => journal.flush(),
      onConflict: () => void lease.poke(),
      onLeaseLost: () => {
        lease.lost(botId);
        void stopHere(botId, false);
      },
    });
    pollers.set(botId, poller);
  }

  /** Stops the bot in this process (deactivation, a lease given up or lost, shutdown); nothing about the lease. */
  async function stopHere(botId: string, forget: boolean) {
    await starting.get(botId);
    // After the pending start: a start that failed meanwhile may have scheduled a retry.
    clearTimeout(restarts.get(botId));
    restarts.delete(botId);
    const entry = running.get(botId);
    if (!entry) return;
    running.delete(botId);
    const poller = pollers.get(botId);
    pollers.delete(botId);
    await poller?.stop();
    flows.detach(botId);
    await stopBotEntry(entry, forget && webhookBase() !== undefined);
    logger.info('bot parado', { botId });
  }
  // --- end of long polling under a lease ---

  async function startNow(botId: string): Promise<void> {
    const row = await repo.findActiveBot(sql, botId);
    if (!row || closed || running.has(botId) || (polling() && !lease.holds(botId))) return;
    const log = logger.child({ botId });
    const entry = createBotEntry({
      row, sql, logger: log, journal, flows, apiRoot: options.apiRoot, encryptionKey: options.encryptionKey, retry: options.retry,
      onUnauthorized: () => void revoke(botId, row.userId),
      channelsChanged: () => options.notify?.(row.userId, 'channels.changed', { botId }),
    });
    await entry.bot.init(stopSignal);
    // Stopped while Telegram was being asked (a slow or unreachable API): this start must not outlive the manager.
    if (closed) return;
    const webhookBaseUrl = webhookBase();
    if (webhookBaseUrl) {
      await entry.bot.api.setWebhook(`${webhookBaseUrl}/api/telegram/webhook/${botId}`, {
        secret_token: secretOf(botId),
        allowed_updates: [...ALLOWED_UPDATES],
      }, stopSignal);
    } else {
      // A webhook left from an earlier configuration would make every getUpdates fail with 409.
      await entry.bot.api.deleteWebhook(undefined, stopSignal);
      if (closed) return;
      startPolling(entry, log);
    }
    running.set(botId, entry);
    log.info('bot iniciado', { mode: webhookBaseUrl ? 'webhook' : 'polling' });
  }

  /** Telegram down at boot…: try again later, slower each time, never in a tight loop. */
  function scheduleRestart(botId: string, attempt: number) {
    if (closed || restarts.has(botId)) return;
    const delay = Math.min(MAX_RESTART_DELAY_MS, RESTART_DELAY_MS * 2 ** attempt);
    restarts.set(botId, setTimeout(() => {
      restarts.delete(botId);
      void startAttempt(botId, attempt + 1);
    }, delay));
  }

  function startAttempt(botId: string, attempt: number): Promise<void> {
    const pending = starting.get(botId);
    if (pending) return pending;
    const task = startNow(botId)
      .catch((error: unknown) => {
        logger.error('falha ao iniciar bot; nova tentativa em instantes', { botId, error });
        scheduleRestart(botId, attempt);
      })
      .finally(() => starting.delete(botId));
    starting.set(botId, task);
    return task;
  }

  async function revoke(botId: string, userId: string) {
    logger.warn('token recusado pelo Telegram; bot desativado', { botId });
    await repo.markInactive(sql, botId, TOKEN_REJECTED_REASON).catch((error: unknown) => logger.error('falha ao desativar bot', { botId, error }));
    options.notify?.(userId, 'bots.changed', { botId });
    await manager.stop(botId, { forget: false });
  }

  const manager: BotManager = {
    // Long polling: the bot is claimed here if nobody holds it and this instance has room; else the instance that
    // claims it hears the change from the bots table. Stopping here also gives the lease back; the instance polling
    // the bot elsewhere hears the change and stops it.
    start: (botId) => (polling() ? lease.claim(botId) : startAttempt(botId, 0)),
    async stop(botId, stopOptions = {}) {
      await stopHere(botId, stopOptions.forget ?? true);
      await lease.release(botId);
    },
    invalidate(botId, chatId) {
      running.get(botId)?.cache.invalidate(chatId);
      void peers?.publish(PEER_TOPICS.channel, { botId, ...(chatId === undefined ? {} : { chatId }) }).catch(() => undefined);
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
    flowsChanged() {
      generation.bump();
      // Once per burst of writes: the other instances reload their graphs too.
      if (!peers || flowsAnnounced) return;
      flowsAnnounced = true;
      queueMicrotask(() => {
        flowsAnnounced = false;
        void peers.publish(PEER_TOPICS.flows).catch(() => undefined);
      });
    },
    async startAll() {
      if (polling()) return lease.start();
      const rows = await repo.listActiveBots(sql);
      // A few at a time: a server with hundreds of bots should not open hundreds of requests at once.
      for (let index = 0; index < rows.length; index += 8) {
        await Promise.all(rows.slice(index, index + 8).map((row) => manager.start(row.id)));
      }
    },
    stopPolling: () => {
      close();
      return lease.stop();
    },
    async stopAll() {
      await lease.stop();
      for (const stop of unsubscribe) stop();
      close();
      for (const timer of restarts.values()) clearTimeout(timer);
      restarts.clear();
      // A start stuck on an unreachable Telegram is not waited for: `closed` keeps it from registering when it ends.
      await Promise.race([Promise.allSettled([...starting.values()]), Bun.sleep(STARTING_WAIT_MS)]);
      const entries = [...running.values()];
      running.clear();
      await Promise.allSettled(entries.map((entry) => stopBotEntry(entry, false)));
      for (const entry of entries) flows.detach(entry.botId);
      await flows.stop();
      await journal.close();
    },
    async flush() {
      await flows.flush();
      await journal.flush();
    },
    sendDirect: (botId, chatId, text) => running.get(botId)?.send(chatId, text) ?? Promise.resolve(NOT_RUNNING),
    sendBroadcast: (botId, message) => {
      const entry = running.get(botId);
      return entry && !entry.state.revoked ? entry.broadcast(message) : Promise.resolve(BROADCAST_NOT_RUNNING);
    },
    inviteLink: (botId, call) => {
      const entry = running.get(botId);
      return entry && !entry.state.revoked ? callInviteLink(entry.bot.api, call) : Promise.resolve(INVITE_NOT_RUNNING);
    },
    testFlow: (userId, flowId, input) => runFlowTest({ sql, engine: flows }, userId, flowId, input),
    contactEnteredFunnel: ({ botId, funnelId, contact, chat }) =>
      flows.contactsChanged([{ botId, funnelId, chat, created: false, changedFields: [], phoneNumber: null, ...contact }]),
    contactEdited: ({ botId, contact, changedFields }) =>
      flows.contactsChanged([{ botId, created: false, changedFields, chat: { id: contact.telegramId, type: 'private' }, ...contact }]),
  };
  return manager;
}
