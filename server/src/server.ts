/**
 * The composition root: builds every long-lived part once (database, notifier, media store, bot runtime, HTTP app)
 * and passes each to what needs it. Used by index.ts and by the integration tests, so the tests exercise the same
 * start path as production.
 */
import { createApp } from './app.ts';
import type { Config } from './env.ts';
import { createDatabase, type Database } from './db/client.ts';
import { SERVER_MAX_BODY_BYTES } from './http/request-input.ts';
import { migrate } from './db/migrate.ts';
import { createNotifier, type Notifier } from './db/notify.ts';
import { createJobWorker } from './jobs/worker.ts';
import { createMediaStore } from './modules/media/media-store.ts';
import { createBroadcastEngine, type BroadcastEngineOptions } from './modules/broadcasts/engine.ts';
import { broadcastStartJob, scheduledStartHandler } from './modules/broadcasts/service.ts';
import { broadcastMaterialiseJob, materialiseHandler } from './modules/broadcasts/materialise.ts';
import { createInboxAnnouncer } from './modules/messages/announcer.ts';
import { createPushSender, pushSendJob, type PushSenderDeps } from './modules/push/sender.ts';
import { vapidKeys } from './modules/push/service.ts';
import { pixelDeliverJob } from './modules/pixels/deliver-job.ts';
import { pixelDeliveryHandler } from './modules/pixels/delivery.ts';
import { failAbandonedReplies } from './modules/messages/service.ts';
import { createEventHub, type EventHub } from './modules/events/hub.ts';
import { createPageviewWriter } from './modules/tracking/pageview-writer.ts';
import { createTrackingLimits } from './modules/tracking/shared-rate-limit.ts';
import type { Logger } from './lib/logger.ts';
import { createBotManager, type BotManager, type BotManagerOptions } from './runtime/telegram/bots/bot-manager.ts';

/** How long a stop waits for in-flight requests before closing their connections. */
const HTTP_DRAIN_MS = 3_000;

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
  /** Tests only: shorter bot polling leases and rounds (docs/decisions.md#scale-out). */
  pollingLease?: BotManagerOptions['polling'];
};

/** Webhook mode needs an address Telegram can reach over https (docs/telegram.md#tg-updates); anything else means long polling. */
function webhookBase(config: Config, port: number, options: StartOptions): string | undefined {
  if (options.webhookOverLoopback) return `http://127.0.0.1:${port}`;
  const base = config.publicUrl?.replace(/\/+$/, '');
  if (base?.startsWith('https://')) return base;
  // Tests only (WEBHOOK_ALLOW_LOOPBACK): several instances behind a local load balancer the emulator posts to.
  return config.webhookAllowLoopback && base && /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(base) ? base : undefined;
}

export async function startServer(
  config: Config,
  logger: Logger,
  options: StartOptions = {},
): Promise<RunningServer> {
  const db = options.db ?? (await createDatabase(config));
  try {
    const applied = await migrate(db.sql);
    if (applied.length > 0) logger.info('migrações aplicadas', { applied });
    const notifier = await createNotifier(db, logger);
    const media = createMediaStore(db.sql, config.dataDir);
    const events = createEventHub(notifier);
    // The webhook URL needs the listening port, known once the app (which needs the runtime) listens; bots start
    // only after that, so the runtime reads it lazily instead of the app getting a late-bound facade.
    // eslint-disable-next-line prefer-const -- assigned after listen; the runtime's closure reads it later, so it cannot be a const
    let port: number | undefined;
    const jobs = createJobWorker({ sql: db.sql, logger: logger.child({ component: 'jobs' }) });
    // Web push (docs/decisions.md#web-push): keys made on first start; incoming messages enqueue push.send jobs.
    const push = createPushSender({
      sql: db.sql,
      logger: logger.child({ component: 'push' }),
      vapid: await vapidKeys(db.sql, config.encryptionKey),
      subject: config.pushSubject,
      allowLoopback: config.pushAllowLoopback,
      ...(options.pushCoalesceMs === undefined ? {} : { coalesceMs: options.pushCoalesceMs }),
    });
    jobs.register(pushSendJob, push.handler);
    jobs.register(broadcastStartJob, scheduledStartHandler());
    // The Conversions API outbox (docs/decisions.md#pixel-outbox): funnel joins and leaves enqueue pixel.deliver.
    jobs.register(pixelDeliverJob, pixelDeliveryHandler({
      sql: db.sql, logger: logger.child({ component: 'pixels' }), encryptionKey: config.encryptionKey,
      graphUrl: config.metaGraphUrl, graphVersion: config.metaGraphVersion,
      ...(options.pixelLeaseMs === undefined ? {} : { leaseMs: options.pixelLeaseMs }),
    }));
    jobs.register(broadcastMaterialiseJob, materialiseHandler({ sql: db.sql, ...(options.broadcastLeaseMs === undefined ? {} : { leaseMs: options.broadcastLeaseMs }) }));
    const announce = createInboxAnnouncer(notifier, logger, push.incoming);
    const bots = createBotManager({
      jobs,
      sql: db.sql,
      logger: logger.child({ component: 'telegram' }),
      apiRoot: config.telegramApiRoot,
      encryptionKey: config.encryptionKey,
      flowHttpAllowPrivate: config.flowHttpAllowPrivate,
      media,
      webhookBaseUrl: () => (port === undefined ? undefined : webhookBase(config, port, options)),
      notify: (userId, topic, payload) => void notifier.publish(topic, { userId, ...payload }).catch(() => undefined),
      onMessagesStored: announce.stored,
      ...(options.telegramRetry ? { retry: options.telegramRetry } : {}),
      // Several instances on one database (docs/decisions.md#scale-out): polling leases and caches follow changes
      // made on the others.
      peers: notifier,
      ...(options.pollingLease ? { polling: options.pollingLease } : {}),
    });
    const pageviews = createPageviewWriter(db.sql);
    // Tracking limits per address hold across instances on PostgreSQL (docs/decisions.md#funnel-tracking); the
    // embedded database has one process, whose own buckets are the whole truth.
    const trackingLimits = createTrackingLimits(db.mode === 'postgres' ? { shared: { sql: db.sql, logger: logger.child({ component: 'tracking' }) } } : {});
    const readiness = { stopping: false };
    const app = createApp({
      config, db, logger, runtime: bots, media, announce, events, pageviews, readiness, trackingLimits, peers: notifier, clientDistDir: options.clientDistDir,
    }).listen({
      port: config.port,
      hostname: '0.0.0.0',
      // Above every route's own cap (http/request-input.ts), so Bun's bare 413 never answers a size a route accepts.
      maxRequestBodySize: SERVER_MAX_BODY_BYTES,
    });
    port = app.server?.port ?? config.port;
    await bots.startAll();
    const broadcasts = createBroadcastEngine({
      sql: db.sql, logger: logger.child({ component: 'broadcasts' }), runtime: bots, media,
      ...(options.broadcastLeaseMs === undefined ? {} : { leaseMs: options.broadcastLeaseMs }),
    });
    broadcasts.start();
    // Replies a stopped process left unconfirmed (docs/decisions.md#p-inbox): failed, never re-sent.
    const sweepReplies = () => void failAbandonedReplies({ sql: db.sql, announce }).catch((error: unknown) => logger.error('falha ao revisar envios pendentes', { error }));
    sweepReplies();
    const sweeper = setInterval(sweepReplies, 60_000);
    jobs.start();
    let stopped = false;
    return {
      url: `http://localhost:${port}`,
      port,
      db,
      notifier,
      bots,
      events,
      // SIGTERM (docs/decisions.md#scale-out): within 10 s. Every kind of work stops being taken at once and in
      // parallel: no new connections (in-flight requests get HTTP_DRAIN_MS), polling ends and the bots' leases go back
      // (another instance polls them right away), the job worker claims nothing more and gives running jobs 8 s
      // before releasing them, broadcast loops end their claims. Only then the bots' remaining state is written.
      async stop() {
        if (stopped) return;
        stopped = true;
        readiness.stopping = true;
        clearInterval(sweeper);
        events.close();
        // A client that never finishes sending its body must not hold the shutdown (or a test's teardown) forever,
        // so what is still open after the drain is closed.
        const drained = app.stop().then(() => true);
        const http = Promise.race([drained, Bun.sleep(HTTP_DRAIN_MS).then(() => false)]).then(async (done) => {
          if (done) return;
          await app.server?.stop(true);
          await drained;
        });
        await Promise.all([bots.stopPolling(), jobs.stop(), broadcasts.stop(), http]);
        await bots.stopAll();
        // Page views answered are committed already; this writes the last batch of requests cut off by the drain.
        await pageviews.close();
        await trackingLimits.stop();
        await notifier.close();
        if (!options.db) await db.close();
      },
    };
  } catch (error) {
    if (!options.db) await db.close();
    throw error;
  }
}
