/**
 * The bot runtime of this process (docs/decisions.md#scale-out), behind the BotRuntime facade the API modules use:
 * - one process owns a bot's updates: the instance holding the bot's lease (ownership/polling-lease.ts) starts it
 *   (bot-lifecycle.ts) and receives its updates (updates/bot-intake.ts): long polling by default, webhook mode when
 *   a public https URL is configured (the secret_token is derived from the server key, so nothing extra is stored);
 * - requests may land on any instance: plain Bot API calls of a bot running elsewhere go through a standalone Api of
 *   its token (standalone-bots.ts); contact events that start flows travel to the owner as bot-scoped jobs.
 */
import type { Sql } from '../../../db/client.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { JobWorker } from '../../../jobs/worker.ts';
import type { MediaStore } from '../../../ports/media-store.ts';
import type { RetryTuning } from '../outbound/api-resilience.ts';
import type { BotRuntime } from '../../../ports/bot-runtime.ts';
import type { StoredMessage } from '../../../ports/stored-messages.ts';
import type { AccessGate } from '../../../ports/access-gate.ts';
import type { RemovalPace } from '../outbound/member-remover.ts';
import type { PixelOutbox } from '../../../ports/pixel-outbox.ts';
import type { StarsAccess } from '../../../ports/stars-access.ts';
import type { FlowEngine } from '../../flow-engine/flow-engine.ts';
import { runFlowTest } from '../../flow-engine/flow-test.ts';
import { syncChannels } from './channel-sync.ts';
import { createRuntimeParts } from './runtime-parts.ts';
import { checkBotToken } from './token-check.ts';
import type { Peers } from './peer-events.ts';

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
  /** The Conversions API outbox funnel attribution records to (docs/decisions.md#pixel-outbox). */
  pixelOutbox: PixelOutbox;
  /** Paid access's side of Telegram Stars (subscription joins, invoices, payments); absent: nothing is sold. */
  starsAccess?: StarsAccess;
  /** Paid access (docs/decisions.md#paid-access): claims, leaked links and the join gate; none when absent. */
  access?: AccessGate;
  /** Removals per second per bot (tests and benchmarks pair it with the emulator's limit). */
  removalPace?: RemovalPace;
  /** Messages the runtime stored (a user wrote, a flow or welcome answered), after commit. */
  onMessagesStored?(messages: StoredMessage[]): void;
  /** The job queue's worker: a running bot holds its job scope on it. */
  jobs: JobWorker;
  /** Change events shared with the other instances on the database (docs/decisions.md#scale-out). */
  peers?: Peers;
  /** Tests only: shorter polling leases (docs/decisions.md#scale-out). */
  polling?: { leaseMs?: number; tickMs?: number };
  /** INSTANCE_ID (docs/decisions.md#scale-out): this instance's next run takes its polling leases over at once. */
  instanceId?: string;
  /** Tests only: how often an owner looks for queued webhook updates no event announced (docs/decisions.md#webhook-queue). */
  webhookTickMs?: number;
};

export type BotManager = BotRuntime & {
  startAll(): Promise<void>;
  /** Shutdown, first step: polling stops and every lease goes back, so another instance takes the bots at once. */
  stopPolling(): Promise<void>;
  stopAll(): Promise<void>;
  /** The flow engine's job handlers, which the composition root registers (server/src/job-handlers.ts). */
  jobHandlers: FlowEngine['jobHandlers'];
};

export function createBotManager(options: BotManagerOptions): BotManager {
  const { sql, flows, journal, lease, intake, life, standalone, peers, generation, closing, contactEvent, outbound } = createRuntimeParts(options);
  const unsubscribe = peers.listen({
    pollingChanged: (botId) => {
      standalone.forget(botId);
      void lease.poke();
    },
    flowsChanged: () => generation.bump(),
    webhookWaiting: (botId) => intake.queue.wake(botId),
    channelChanged: (botId, chatId) => life.entry(botId)?.cache.invalidate(chatId),
  });
  return {
    ...outbound, accessEvent: flows.accessEvent,
    jobHandlers: flows.jobHandlers,
    // The bot is claimed here if nobody holds it and this instance has room; else the instance that claims it hears
    // the change from the bots table. Stopping here also gives the lease back; the instance running the bot
    // elsewhere hears the change and stops it.
    start: (botId) => {
      standalone.forget(botId);
      return lease.claim(botId);
    },
    stop: (botId, stopOptions = {}) => life.stop(botId, stopOptions.forget ?? true),
    invalidate(botId, chatId) {
      life.entry(botId)?.cache.invalidate(chatId);
      peers.channelChanged(botId, chatId);
    },
    handleWebhook: (botId, secret, update) => intake.handleWebhook(botId, secret, update),
    isRunning: (botId) => life.entry(botId) !== undefined,
    flowsChanged() {
      generation.bump();
      peers.flowsChanged();
    },
    async startAll() {
      await lease.start();
      intake.queue.start();
    },
    stopPolling: () => {
      closing.abort();
      intake.queue.stop();
      return lease.stop();
    },
    async stopAll() {
      intake.queue.stop();
      await lease.stop();
      unsubscribe();
      await life.stopAll();
      await flows.stop();
      await journal.close();
    },
    async flush() {
      await flows.flush();
      await journal.flush();
    },
    testFlow: (userId, flowId, input) => runFlowTest({ sql, engine: flows, standalone: (botId) => standalone.get(botId) }, userId, flowId, input),
    contactEnteredFunnel: ({ botId, funnelId, contact, chat }) =>
      contactEvent({ botId, funnelId, chat, changedFields: [], phoneNumber: null, ...contact }),
    contactEdited: ({ botId, contact, changedFields }) =>
      contactEvent({ botId, changedFields, chat: { id: contact.telegramId, type: 'private' }, ...contact }),
    checkToken: (token) => checkBotToken(options.apiRoot, token),
    syncChannels: (input) => syncChannels({ sql, apiRoot: options.apiRoot, ...input }),
  };
}
