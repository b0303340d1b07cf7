/**
 * The composition root: builds every long-lived part once (database, notifier, media store, bot runtime, HTTP app)
 * and passes each to what needs it; every job kind is registered beside it (job-handlers.ts). Used by index.ts and
 * by the integration tests, so the tests exercise the same start path as production.
 */
import { createApp } from './app.ts';
import type { Config } from './env.ts';
import { createDatabase, type Database } from './db/client.ts';
import { SERVER_MAX_BODY_BYTES } from './http/request-input.ts';
import { migrate } from './db/migrate.ts';
import { takeOverPreviousLeases } from './boot/previous-leases.ts';
import { createNotifier, type Notifier } from './db/notify.ts';
import { createJobWorker } from './jobs/worker.ts';
import { WEBHOOK_WORKER } from './modules/webhooks/deliver-job.ts';
import { registerJobHandlers, type JobHandlersDeps } from './job-handlers.ts';
import { createMediaStore } from './modules/media/media-store.ts';
import { createBroadcastEngine } from './engines/broadcast-delivery/engine.ts';
import { createInboxAnnouncer } from './modules/messages/announcer.ts';
import { createPushSender } from './engines/push-delivery/sender.ts';
import { vapidKeys } from './modules/push/service.ts';
import { createEventHub, type EventHub } from './modules/events/hub.ts';
import { FUNNELS_TOPIC, throttledFunnelActivity } from './modules/funnels/live-activity.ts';
import { createPageviewWriter } from './modules/tracking/pageview-writer.ts';
import { createTrackingLimits } from './modules/tracking/shared-rate-limit.ts';
import type { Logger } from './lib/logger.ts';
import { restrictNewFiles, restrictTree } from './lib/private-files.ts';
import type { BotManager, BotManagerOptions } from './runtime/telegram/bots/bot-manager.ts';
import { failAbandonedReplies } from './modules/messages/service.ts';
import type { BroadcastEngineOptions } from './engines/broadcast-delivery/engine.ts';
import type { PushSenderDeps } from './engines/push-delivery/sender.ts';
import { createRuntime } from './server-runtime.ts';
import { installWebhookEventWriter } from './ports/webhook-events.ts';
import { webhookEventWriter } from './modules/webhooks/outbox.ts';
import { stopServer } from './server-stop.ts';

export type RunningServer = {
  url: string;
  port: number;
  db: Database;
  notifier: Notifier;
  bots: BotManager;
  events: EventHub;
  stop(): Promise<void>;
};

export type StartOptions = {
  clientDistDir?: string;
  db?: Database;
  /** Tests only: receive updates by webhook at this server's own http:// address (production needs https). */
  webhookOverLoopback?: boolean;
  /** Tests only: shorter retry backoff. */
  telegramRetry?: BotManagerOptions['retry'];
  /** Tests only: a shorter broadcast claim lease (docs/decisions.md#broadcast-delivery). */
  broadcastLeaseMs?: BroadcastEngineOptions['leaseMs'];
  /** Tests only: a shorter web-push coalescing window. */
  pushCoalesceMs?: PushSenderDeps['coalesceMs'];
  /** Tests only: a shorter claim lease of Conversions API batches (docs/decisions.md#pixel-outbox). */
  pixelLeaseMs?: number;
  /** Tests only: a shorter backoff and fewer attempts before a Conversions API event fails. */
  pixelRetry?: JobHandlersDeps['pixelRetry'];
  /** Tests only: a shorter backoff and retry window of webhook deliveries. */
  webhookRetry?: JobHandlersDeps['webhookRetry'];
  /** Tests only: shorter bot polling leases and rounds (docs/decisions.md#scale-out). */
  pollingLease?: BotManagerOptions['polling'];
  /** Tests and benchmarks only: the removals' pace per bot, paired with the emulator's flood limit. */
  removalPace?: BotManagerOptions['removalPace'];
};

export async function startServer(
  config: Config,
  logger: Logger,
  options: StartOptions = {},
): Promise<RunningServer> {
  restrictNewFiles();
  const db = options.db ?? (await createDatabase(config));
  try {
    const repaired = restrictTree(config.dataDir);
    if (repaired > 0) logger.info('permissões do DATA_DIR restringidas ao usuário do servidor', { dataDir: config.dataDir, entries: repaired });
    const applied = await migrate(db.sql);
    if (applied.length > 0) logger.info('migrações aplicadas', { applied });
    await takeOverPreviousLeases(db, config.instanceId, logger);
    const notifier = await createNotifier(db, logger);
    const media = createMediaStore(db.sql, config.dataDir, config.mediaQuotaBytes);
    const events = createEventHub(notifier, config.liveStreamsPerAccount);
    // Outgoing webhooks: every emitWebhookEvent (ports/webhook-events.ts) writes through this stateless writer.
    installWebhookEventWriter(webhookEventWriter(logger.child({ component: 'webhooks' })));
    const jobs = createJobWorker({ sql: db.sql, logger: logger.child({ component: 'jobs' }), instanceId: config.instanceId });
    const webhookJobs = createJobWorker({ sql: db.sql, logger: logger.child({ component: 'jobs' }), instanceId: config.instanceId, ...WEBHOOK_WORKER });
    // Web push (docs/decisions.md#web-push): keys made on first start; incoming messages enqueue push.send jobs.
    const push = createPushSender({
      sql: db.sql, logger: logger.child({ component: 'push' }), vapid: await vapidKeys(db.sql, config.encryptionKey),
      subject: config.pushSubject, allowLoopback: config.pushAllowLoopback,
      ...(options.pushCoalesceMs === undefined ? {} : { coalesceMs: options.pushCoalesceMs }),
    });
    const announce = createInboxAnnouncer(notifier, logger, push.incoming, push.assigned);
    const runtime = createRuntime({ config, logger, options, sql: db.sql, jobs, media, notifier, announce });
    const bots = runtime.bots;
    registerJobHandlers({
      jobs, webhookJobs, sql: db.sql, logger, config, push, bots, broadcastLeaseMs: options.broadcastLeaseMs, pixelLeaseMs: options.pixelLeaseMs, pixelRetry: options.pixelRetry,
      webhookRetry: options.webhookRetry,
    });
    const pageviews = createPageviewWriter(db.sql);
    const funnelActivity = throttledFunnelActivity((userId, funnelId) => void notifier.publish(FUNNELS_TOPIC, { userId, funnelId }).catch(() => undefined));
    // Tracking limits per address hold across instances on PostgreSQL (docs/decisions.md#funnel-tracking); the
    // embedded database has one process, whose own buckets are the whole truth.
    const trackingLimits = createTrackingLimits(db.mode === 'postgres' ? { shared: { sql: db.sql, logger: logger.child({ component: 'tracking' }) } } : {});
    const readiness = { stopping: false };
    const app = createApp({
      config, db, logger, runtime: bots, media, announce, events, pageviews, funnelActivity, readiness, trackingLimits, peers: notifier, clientDistDir: options.clientDistDir,
    }).listen({
      port: config.port,
      hostname: '0.0.0.0',
      // Above every route's own cap (http/request-input.ts), so Bun's bare 413 never answers a size a route accepts.
      maxRequestBodySize: SERVER_MAX_BODY_BYTES,
      // Whatever NODE_ENV says: Bun's development error page shows stacks, paths and source lines to anyone.
      development: false,
    });
    const port = runtime.listening(app.server?.port ?? config.port);
    await bots.startAll();
    const broadcasts = createBroadcastEngine({
      sql: db.sql, logger: logger.child({ component: 'broadcasts' }), runtime: bots, media, instanceId: config.instanceId,
      ...(options.broadcastLeaseMs === undefined ? {} : { leaseMs: options.broadcastLeaseMs }),
    });
    broadcasts.start();
    // Replies a stopped process left unconfirmed (docs/decisions.md#p-inbox): failed, never re-sent.
    const sweepReplies = () => void failAbandonedReplies({ sql: db.sql, announce }).catch((error: unknown) => logger.error('falha ao revisar envios pendentes', { error }));
    sweepReplies();
    const sweeper = setInterval(sweepReplies, 60_000);
    jobs.start();
    webhookJobs.start();
    const stop = stopServer({ app, readiness, sweeper, events, bots, jobs, webhookJobs, broadcasts, pageviews, trackingLimits, notifier, db: options.db ? undefined : db });
    return { url: `http://localhost:${port}`, port, db, notifier, bots, events, stop };
  } catch (error) {
    if (!options.db) await db.close();
    throw error;
  }
}
