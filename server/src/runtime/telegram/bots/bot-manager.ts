/**
 * Bot lifecycle (issue 3): one grammY bot per active registered bot, started at boot (startAll, after the
 * migrations) and by the API on registration/activation, stopped on deactivation/removal and at shutdown.
 * - Long polling by default; webhook mode when a public https URL is configured (the secret_token is derived from
 *   the server key, so nothing extra is stored).
 * - One process owns a bot's updates: the instance holding the bot's lease in the database (polling-lease.ts,
 *   docs/decisions.md#scale-out) polls it batch by batch from the stored offset (update-poller.ts), or, in webhook
 *   mode, sets its webhook and handles the updates any instance queued for it (webhook-queue.ts,
 *   docs/decisions.md#webhook-queue).
 * - Telegram answering 401 switches the bot off with a reason the bot screens show (docs/decisions.md#d-bots-channels).
 * - A bot that fails to start (Telegram unreachable at boot) or whose runner dies (409 conflict, a bug) is
 *   started again after a growing pause, never in a tight loop; a stopped or switched-off bot is not.
 * Stopping waits for the updates in flight, and aborts retry waits, so a shutdown is quick and leaves nothing.
 * - Requests may land on any instance (docs/decisions.md#scale-out): plain Bot API calls of a bot running elsewhere
 *   go through a standalone Api of its token (standalone-bots.ts); contact events that start flows travel to the
 *   owner as bot-scoped jobs (flow.contact-event).
 */
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../../db/client.ts';
import { deriveSecretHex, secretsEqual } from '../../../lib/crypto.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { JobWorker } from '../../../jobs/worker.ts';
import type { Notifier } from '../../../db/notify.ts';
import { createPollingLease } from '../ownership/polling-lease.ts';
import { createWebhookQueue } from '../updates/webhook-queue.ts';
import { isUuid } from '../../../lib/ids.ts';
import { startUpdatePoller, type UpdatePoller } from '../updates/update-poller.ts';
import type { RetryTuning } from '../outbound/api-resilience.ts';
import type { BotRuntime } from '../bot-runtime.ts';
import { createBotEntry, stopBotEntry, type BotEntry } from './bot-entry.ts';
import { createContactJournal, type StoredMessage } from '../journal/contact-journal.ts';
import { NOT_RUNNING } from '../outbound/direct-send.ts';
import { BROADCAST_NOT_RUNNING } from '../outbound/broadcast-send.ts';
import { callInviteLink, INVITE_NOT_RUNNING } from '../outbound/invite-links.ts';
import { createFlowEngine } from '../../flow-engine/flow-engine.ts';
import { createFlowGeneration } from '../../flow-engine/flow-generation.ts';
import type { MediaStore } from '../../../modules/media/media-store.ts';
import { runFlowTest } from '../../flow-engine/flow-test.ts';
import { contactEventJob, STALE_MS, type ContactEvent } from '../../flow-engine/contact-event-job.ts';
import { botScope } from '../../flow-engine/resume-job.ts';
import type { ContactChange } from '../../flow-engine/contact-triggers.ts';
import { createStandaloneBots } from './standalone-bots.ts';
import { createDatabaseGate } from '../updates/database-gate.ts';
import { ALLOWED_UPDATES } from './create-bot.ts';
import * as repo from './runtime-repository.ts';
import { commitOffset } from '../ownership/polling-lease-repository.ts';
import { createBatchStash } from '../updates/batch-stash.ts';
import { takePolledBatches } from '../updates/polled-batches-repository.ts';
import { handleUpdate } from '../updates/handle-update.ts';

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
  retry?: RetryTuning;
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
  /** Tests only: how often an owner looks for queued webhook updates no event announced (docs/decisions.md#webhook-queue). */
  webhookTickMs?: number;
};

export type BotManager = BotRuntime & {
  startAll(): Promise<void>;
  /** Shutdown, first step: polling stops and every lease goes back, so another instance takes the bots at once. */
  stopPolling(): Promise<void>;
  stopAll(): Promise<void>;
};

/** How long stopping waits for bot starts still talking to Telegram before it goes on without them. */
const STARTING_WAIT_MS = 2_000;

const PEER_TOPICS = {
  polling: 'polling.changed',
  flows: 'runtime.flows-changed',
  channel: 'runtime.channel-changed',
  webhook: 'webhook.waiting',
} as const;

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
  const gate = createDatabaseGate(sql);
  const journal = createContactJournal(sql, logger, {
    // A change that may start a flow becomes a job in the flush's transaction; this process runs it at once when it
    // owns the bot (the job is scoped to it), another owner after a kill.
    contactTriggers: {
      // Not inside the transaction: the embedded database's one connection is the transaction's meanwhile.
      prepare: (botIds) => flows.knowGraphs(botIds),
      persist: async (tx, changes) => {
        const at = new Date().toISOString();
        const kept = changes.filter((change) => flows.mayStartOn(change));
        return contactEventJob.enqueueMany(tx, kept.map((change) => ({ payload: { at, change }, options: { scope: botScope(change.botId), maxAttempts: 3 } })));
      },
      committed: () => void options.jobs.poke(),
    },
    // Any stored flush proves the database answers: pollers need not probe it (database-gate.ts).
    onWritten: () => gate.passed(),
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

  // --- Long polling (or the webhook queue) under a lease (docs/decisions.md#scale-out) ---
  const polling = () => webhookBase() === undefined;
  const pollers = new Map<string, UpdatePoller>();
  const startOffsets = new Map<string, { offset: number | undefined; done: number[] }>();
  const peers = options.peers;
  const lease = createPollingLease({
    sql,
    logger: logger.child({ component: 'polling' }),
    leaseMs: options.polling?.leaseMs,
    tickMs: options.polling?.tickMs,
    acquired: (claim) => {
      startOffsets.set(claim.botId, { offset: claim.startOffset, done: claim.doneIds });
      return startAttempt(claim.botId, 0);
    },
    dropped: async (botId, reason) => stopHere(botId, reason === 'missing' && !polling() && (await switchedOff(botId))),
    announce: () => void peers?.publish(PEER_TOPICS.polling).catch(() => undefined),
  });
  const stash = createBatchStash(sql, lease.instanceId);
  const queue = createWebhookQueue({
    sql,
    logger: logger.child({ component: 'webhook' }),
    instanceId: lease.instanceId,
    journal,
    tickMs: options.webhookTickMs,
    lost: leaseLost,
    announce: (botId) => void peers?.publish(PEER_TOPICS.webhook, { botId }).catch(() => undefined),
  });
  const standalone = createStandaloneBots({
    sql, logger, apiRoot: options.apiRoot, encryptionKey: options.encryptionKey, journal, retry: options.retry,
    signal: closing.signal,
    onUnauthorized: (botId, userId) => void revoke(botId, userId),
  });
  const unsubscribe = peers
    ? [
        peers.subscribe(PEER_TOPICS.polling, ({ payload }) => {
          standalone.forget(typeof payload.botId === 'string' ? payload.botId : undefined);
          void lease.poke();
        }),
        peers.subscribe(PEER_TOPICS.flows, () => generation.bump()),
        peers.subscribe(PEER_TOPICS.webhook, ({ payload }) => {
          if (typeof payload.botId === 'string') queue.wake(payload.botId);
        }),
        peers.subscribe(PEER_TOPICS.channel, ({ payload }) => {
          const chatId = typeof payload.chatId === 'number' ? payload.chatId : undefined;
          if (typeof payload.botId === 'string') running.get(payload.botId)?.cache.invalidate(chatId);
        }),
      ]
    : [];
  let flowsAnnounced = false;

  // Contact events forwarded by instances that do not run the bot (docs/decisions.md#scale-out).
  options.jobs.register(contactEventJob, {
    run: async ({ at, change }, { job }) => {
      if (Date.now() - Date.parse(at) > STALE_MS) {
        logger.warn('evento de contato antigo descartado', { botId: change.botId });
        return;
      }
      if (!flows.attachedBot(change.botId)) return 'release';
      await flows.contactsChanged([{ ...change, created: change.created ?? false }], `contact-event:${job.id}`);
    },
  });

  /**
   * A contact event starts the bot's flows in the bot's owner: here at once when the bot runs here, else as a job
   * the owner claims (nothing when the bot is off: a stopped bot starts no flows).
   */
  async function contactEvent(change: ContactEvent['change']) {
    if (flows.attachedBot(change.botId)) return flows.contactsChanged([{ ...change, created: false } satisfies ContactChange]);
    try {
      if (!(await repo.findActiveBot(sql, change.botId))) return;
      await contactEventJob.enqueue(sql, { at: new Date().toISOString(), change }, { scope: botScope(change.botId), maxAttempts: 3 });
    } catch (error) {
      logger.error('falha ao encaminhar evento de contato ao bot', { botId: change.botId, error });
    }
  }

  /** `reader`: this ownership of the bot, whose receipts count for the batches the poller writes. */
  function startPolling(entry: BotEntry, log: typeof logger, reader: string) {
    const botId = entry.botId;
    const poller = startUpdatePoller({
      bot: entry.bot,
      logger: log,
      allowedUpdates: ALLOWED_UPDATES,
      offset: startOffsets.get(botId)?.offset,
      done: startOffsets.get(botId)?.done ?? [],
      store: {
        stash: (updates, nextOffset) => stash.write({ reader, botId, updates, nextOffset }),
        handling: (updateId, work, queued) => journal.handling({ kind: 'polled', reader, botId, updateId }, work, queued),
        ready: () => gate.check(),
        commitOffset: (next) => commitOffset(sql, lease.instanceId, botId, next),
      },
      onConflict: () => void lease.poke(),
      onLeaseLost: () => leaseLost(botId),
    });
    pollers.set(botId, poller);
  }

  /**
   * The lease went missing in webhook mode: was the bot switched off or deleted (its webhook goes: only the owner has
   * the token at hand), or was the lease taken after it ran out (the new owner has set the webhook already)?
   */
  async function switchedOff(botId: string) {
    return (await repo.findActiveBot(sql, botId).catch(() => 'unknown' as const)) === undefined;
  }

  /** The bot's lease was found taken (a poller, the webhook queue or a receipt write was fenced): stop it here. */
  function leaseLost(botId: string) {
    lease.lost(botId);
    void stopHere(botId, false);
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
    await Promise.all([poller?.stop(), queue.close(botId)]);
    // The receipts of the last updates handled here, stored before the bot can start again (here or elsewhere).
    await journal.settle().catch((error: unknown) => logger.error('falha ao gravar contatos ao parar', { botId, error }));
    flows.detach(botId);
    await stopBotEntry(entry, forget && webhookBase() !== undefined);
    logger.info('bot parado', { botId });
  }
  // --- end of long polling (or the webhook queue) under a lease ---

  async function startNow(botId: string): Promise<void> {
    const row = await repo.findActiveBot(sql, botId);
    if (!row || closed || running.has(botId) || !lease.holds(botId)) return;
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
      // Once per ownership, by the owner only (docs/decisions.md#webhook-queue); then what waits is taken.
      await entry.bot.api.setWebhook(`${webhookBaseUrl}/api/telegram/webhook/${botId}`, {
        secret_token: secretOf(botId),
        allowed_updates: [...ALLOWED_UPDATES],
      }, stopSignal);
      if (closed) return;
      queue.open(botId, entry.bot);
      // Polled batches a killed owner left (the mode just switched): older than anything queued.
      if (!(await resumePolled(entry, randomUUID(), log)) || closed) return;
      queue.wake(botId);
    } else {
      // A webhook left from an earlier configuration would make every getUpdates fail with 409.
      await entry.bot.api.deleteWebhook(undefined, stopSignal);
      if (closed) return;
      // Updates queued while the server ran in webhook mode are older than anything getUpdates returns: first.
      queue.open(botId, entry.bot);
      await queue.drain(botId);
      if (closed) return;
      // Batches a previous owner polled and never receipted (it was killed): older than anything getUpdates returns.
      const reader = randomUUID();
      if (!(await resumePolled(entry, reader, log)) || closed) return;
      startPolling(entry, log, reader);
    }
    running.set(botId, entry);
    log.info('bot iniciado', { mode: webhookBaseUrl ? 'webhook' : 'polling' });
  }

  /**
   * Takes the batches an earlier owner of this bot polled and left with updates unreceipted (its instance killed) and
   * handles those updates, receipted as `reader`'s. False: the lease is not ours (nothing taken).
   */
  async function resumePolled(entry: BotEntry, reader: string, log: typeof logger): Promise<boolean> {
    const botId = entry.botId;
    const taken = await takePolledBatches(sql, { instanceId: lease.instanceId, reader, botId });
    if (taken.lost) return false;
    if (taken.updates.length === 0) return true;
    log.info('retomando updates da instância anterior sem recibo', { count: taken.updates.length, fromUpdateId: taken.updates[0]?.update_id });
    await Promise.all(taken.updates.map((update) =>
      journal.handling({ kind: 'polled', reader, botId, updateId: update.update_id }, () => handleUpdate(entry.bot, update, log))));
    return true;
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
    // The bot is claimed here if nobody holds it and this instance has room; else the instance that claims it hears
    // the change from the bots table. Stopping here also gives the lease back; the instance running the bot
    // elsewhere hears the change and stops it.
    start: (botId) => {
      standalone.forget(botId);
      return lease.claim(botId);
    },
    async stop(botId, stopOptions = {}) {
      standalone.forget(botId);
      await stopHere(botId, stopOptions.forget ?? true);
      await lease.release(botId);
    },
    invalidate(botId, chatId) {
      running.get(botId)?.cache.invalidate(chatId);
      void peers?.publish(PEER_TOPICS.channel, { botId, ...(chatId === undefined ? {} : { chatId }) }).catch(() => undefined);
    },
    async handleWebhook(botId, secret, update) {
      if (secret === null || !secretsEqual(secret, secretOf(botId))) return 'forbidden';
      if (!isUuid(botId)) return 'not-running';
      // Any instance: written to the queue (answered once committed), handled by the bot's owner.
      return queue.enqueue(botId, update).catch((error: unknown) => {
        logger.error('falha ao gravar update do webhook; o Telegram o reenviará', { botId, error });
        return 'unavailable' as const;
      });
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
      await lease.start();
      queue.start();
    },
    stopPolling: () => {
      close();
      queue.stop();
      return lease.stop();
    },
    async stopAll() {
      queue.stop();
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
    async sendDirect(botId, chatId, text) {
      const entry = running.get(botId);
      if (entry) return entry.send(chatId, text);
      const bot = await standalone.get(botId);
      return bot ? bot.send(chatId, text) : NOT_RUNNING;
    },
    sendBroadcast: (botId, message) => {
      const entry = running.get(botId);
      return entry && !entry.state.revoked ? entry.broadcast(message) : Promise.resolve(BROADCAST_NOT_RUNNING);
    },
    async inviteLink(botId, call) {
      const entry = running.get(botId);
      if (entry) return entry.state.revoked ? INVITE_NOT_RUNNING : callInviteLink(entry.bot.api, call);
      // The bot runs in another instance (or is starting): any process may call these methods with its token.
      const bot = await standalone.get(botId);
      return bot && !bot.state.revoked ? callInviteLink(bot.api, call) : INVITE_NOT_RUNNING;
    },
    testFlow: (userId, flowId, input) => runFlowTest({ sql, engine: flows, standalone: (botId) => standalone.get(botId) }, userId, flowId, input),
    contactEnteredFunnel: ({ botId, funnelId, contact, chat }) =>
      contactEvent({ botId, funnelId, chat, changedFields: [], phoneNumber: null, ...contact }),
    contactEdited: ({ botId, contact, changedFields }) =>
      contactEvent({ botId, changedFields, chat: { id: contact.telegramId, type: 'private' }, ...contact }),
  };
  return manager;
}
