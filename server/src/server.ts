/**
 * Starts a complete server (database, migrations, HTTP) from a Config: used by index.ts and by the integration
 * tests, so the tests exercise the same start path as production.
 */
import { createApp } from './app.ts';
import type { Config } from './env.ts';
import { createDatabase, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { createNotifier, type Notifier } from './db/notify.ts';
import { createJobWorker } from './jobs/worker.ts';
import { createMediaStore } from './modules/media/media-store.ts';
import type { Logger } from './lib/logger.ts';
import { createBotManager, type BotManager, type BotManagerOptions } from './runtime/telegram/bot-manager.ts';

export type RunningServer = {
  url: string;
  port: number;
  db: Database;
  notifier: Notifier;
  bots: BotManager;
  stop(): Promise<void>;
};

export type StartOptions = {
  clientDistDir?: string;
  db?: Database;
  /** Tests only: receive updates by webhook at this server's own http:// address (production needs https). */
  webhookOverLoopback?: boolean;
  /** Tests only: shorter retry backoff. */
  telegramRetry?: BotManagerOptions['retry'];
};

/** Webhook mode needs an address Telegram can reach over https (telegram.md); anything else means long polling. */
function webhookBase(config: Config, port: number, options: StartOptions): string | undefined {
  if (options.webhookOverLoopback) return `http://127.0.0.1:${port}`;
  return config.publicUrl?.startsWith('https://') ? config.publicUrl.replace(/\/+$/, '') : undefined;
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
    let bots: BotManager | undefined;
    // The app needs the runtime and the runtime needs the port (webhook URL): a late-bound facade breaks the cycle.
    const runtime: BotManager = {
      start: (id) => bots?.start(id) ?? Promise.resolve(),
      stop: (id, stopOptions) => bots?.stop(id, stopOptions) ?? Promise.resolve(),
      invalidate: (id, chatId) => bots?.invalidate(id, chatId),
      handleWebhook: (id, secret, update) => bots?.handleWebhook(id, secret, update) ?? 'not-running',
      isRunning: (id) => bots?.isRunning(id) ?? false,
      startAll: () => bots?.startAll() ?? Promise.resolve(),
      stopAll: () => bots?.stopAll() ?? Promise.resolve(),
      flush: () => bots?.flush() ?? Promise.resolve(),
      testFlow: (userId, flowId, input) => bots ? bots.testFlow(userId, flowId, input) : Promise.reject(new Error('runtime not started')),
      contactEnteredFunnel: (entry) => bots?.contactEnteredFunnel(entry) ?? Promise.resolve(),
    };
    const app = createApp({ config, db, logger, runtime, clientDistDir: options.clientDistDir }).listen({
      port: config.port,
      hostname: '0.0.0.0',
    });
    const port = app.server?.port ?? config.port;
    const jobs = createJobWorker({ sql: db.sql, logger: logger.child({ component: 'jobs' }) });
    bots = createBotManager({
      jobs,
      sql: db.sql,
      logger: logger.child({ component: 'telegram' }),
      apiRoot: config.telegramApiRoot,
      encryptionKey: config.encryptionKey,
      flowHttpAllowPrivate: config.flowHttpAllowPrivate,
      media: createMediaStore(db.sql, config.dataDir),
      webhookBaseUrl: webhookBase(config, port, options),
      notify: (userId, topic, payload) => void notifier.publish(topic, { userId, ...payload }).catch(() => undefined),
      ...(options.telegramRetry ? { retry: options.telegramRetry } : {}),
    });
    await bots.startAll();
    jobs.start();
    let stopped = false;
    return {
      url: `http://localhost:${port}`,
      port,
      db,
      notifier,
      bots: runtime,
      async stop() {
        if (stopped) return;
        stopped = true;
        await jobs.stop();
        await runtime.stopAll();
        await app.stop();
        await notifier.close();
        if (!options.db) await db.close();
      },
    };
  } catch (error) {
    if (!options.db) await db.close();
    throw error;
  }
}
