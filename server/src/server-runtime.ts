/**
 * The bot runtime as the composition root builds it (docs/decisions.md#scale-out): one per process, told the
 * listening port once the HTTP app (which needs the runtime) listens, since webhook mode needs it in its URL.
 */
import type { Sql } from './db/client.ts';
import type { Notifier } from './db/notify.ts';
import type { Config } from './env.ts';
import type { JobWorker } from './jobs/worker.ts';
import type { Logger } from './lib/logger.ts';
import type { MediaStore } from './ports/media-store.ts';
import { pixelOutbox } from './engines/pixel-delivery/outbox.ts';
import type { InboxAnnouncer } from './modules/messages/announcer.ts';
import { starsPurchases } from './modules/access/stars-purchases.ts';
import { createAccessGate } from './modules/access/gate-service.ts';
import { createBotManager } from './runtime/telegram/bots/bot-manager.ts';
import type { StartOptions } from './server.ts';

export type RuntimeDeps = {
  config: Config;
  logger: Logger;
  options: StartOptions;
  sql: Sql;
  jobs: JobWorker;
  media: MediaStore;
  notifier: Notifier;
  announce: InboxAnnouncer;
};

/** Webhook mode needs an address Telegram can reach over https (docs/telegram.md#tg-updates); anything else means long polling. */
function webhookBase(config: Config, port: number, options: StartOptions): string | undefined {
  if (options.webhookOverLoopback) return `http://127.0.0.1:${port}`;
  const base = config.publicUrl?.replace(/\/+$/, '');
  if (base?.startsWith('https://')) return base;
  // Tests only (WEBHOOK_ALLOW_LOOPBACK): several instances behind a local load balancer the emulator posts to.
  return config.webhookAllowLoopback && base && /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(base) ? base : undefined;
}

export function createRuntime(deps: RuntimeDeps) {
  const { config, options, notifier } = deps;
  // Bots start only after the app listens, so the runtime reads the port lazily instead of the app getting a
  // late-bound facade.
  let port: number | undefined;
  const bots = createBotManager({
    jobs: deps.jobs,
    sql: deps.sql,
    logger: deps.logger.child({ component: 'telegram' }),
    apiRoot: config.telegramApiRoot,
    encryptionKey: config.encryptionKey,
    flowHttpAllowPrivate: config.flowHttpAllowPrivate,
    media: deps.media,
    pixelOutbox,
    starsAccess: starsPurchases(deps.sql),
    // Paid access (docs/decisions.md#paid-access): the access module decides claims, leaked links and join requests.
    access: createAccessGate(deps.sql, { mailConfigured: Boolean(config.smtpUrl), hashKey: config.encryptionKey }),
    ...(options.removalPace ? { removalPace: options.removalPace } : {}),
    webhookBaseUrl: () => (port === undefined ? undefined : webhookBase(config, port, options)),
    notify: (userId, topic, payload) => void notifier.publish(topic, { userId, ...payload }).catch(() => undefined),
    onMessagesStored: deps.announce.stored,
    ...(options.telegramRetry ? { retry: options.telegramRetry } : {}),
    // Several instances on one database (docs/decisions.md#scale-out): polling leases and caches follow changes
    // made on the others.
    peers: notifier,
    instanceId: config.instanceId,
    ...(options.pollingLease ? { polling: options.pollingLease } : {}),
  });
  return {
    bots,
    /** The app listens on `listeningPort`: the runtime may build its webhook URL from now on. */
    listening(listeningPort: number): number {
      port = listeningPort;
      return listeningPort;
    },
  };
}
